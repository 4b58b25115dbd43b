import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../integration/support/coreHarness.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';

/**
 * Peak resident memory of the client while `uploads.fromPath` sends a 90 MB video to a real sandbox
 * over HTTPS (the sandbox is its own process, so only the client is measured). Prints figures, asserts
 * nothing: `node test/bench/uploadPeakRss.ts`.
 */
const SIZE = 90 * 1024 * 1024;

function writeVideoFile(path: string): void {
  // An MP4 signature (`ftyp` at offset 4) followed by zeros, written in chunks: the writer holds 1 MiB at most.
  const fd = openSync(path, 'w');
  const head = Buffer.alloc(1024 * 1024);
  head.write('\0\0\0\x18ftypisom', 0, 'latin1');
  writeSync(fd, head);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = head.length; written < SIZE; written += zeros.length) writeSync(fd, zeros);
  closeSync(fd);
}

const dir = mkdtempSync(join(tmpdir(), 'cast-upload-rss-'));
const file = join(dir, 'take.mp4');
writeVideoFile(file);
const h = await startCore({ keychain: new MemoryKeychain(), env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
try {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  const started = performance.now();
  const uploaded = (await h.invoke('uploads.fromPath', { path: file })) as { size: number };
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    JSON.stringify({
      metric: 'upload_90mb_peak_rss',
      file_mib: mib(SIZE),
      uploaded_mib: mib(uploaded.size),
      rss_before_mib: mib(before),
      rss_peak_mib: mib(peak),
      rss_growth_mib: mib(peak - before),
      ms: Math.round(ms),
    }),
  );
} finally {
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
}
