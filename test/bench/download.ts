import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { systemClock } from '../../electron/core/clock/clock.ts';
import { Downloader } from '../../electron/core/downloads/downloader.ts';
import { MediaStore } from '../../electron/core/downloads/mediaStore.ts';
import { LibraryDatabase } from '../../electron/core/library/libraryDatabase.ts';
import { silentLogger } from '../../electron/core/log/logger.ts';
import { startSandbox } from '../support/sandboxProcess.ts';
import { median, round, type BenchOptions, type Metric } from './support/stats.ts';

const PARALLEL = 8;

/**
 * download_ratio_to_curl: core's Downloader (resumable, verified, content-addressed into the media
 * store, `PARALLEL` at a time) ÷ `curl --parallel --parallel-max PARALLEL` on the same 200 files
 * from the sandbox CDN, then the SHA-256 of each file, as core hashes what it stores; both over
 * HTTPS trusting the sandbox CA; runs alternate.
 */
export async function benchDownload(options: BenchOptions): Promise<Metric[]> {
  const files = 200;
  const size = options.quick ? 128 * 1024 : 512 * 1024;
  const sandbox = await startSandbox({ env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
  const ca = readFileSync(sandbox.ready.ca_cert, 'utf8');
  const work = mkdtempSync(join(tmpdir(), 'cast-bench-dl-'));
  try {
    // 200 distinct files: PNG magic then random bytes (the upload sniffer checks the magic only).
    const urls: string[] = [];
    for (let i = 0; i < files; i += 1) {
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
      const res = await sandbox.request('POST', '/v1/uploads', { body: bytes, headers: { 'content-type': 'image/png' } });
      if (res.status !== 201) throw new Error(`upload ${res.status}`);
      urls.push((res.body as { data: { url: string } }).data.url);
    }
    const total = files * size;
    const core: number[] = [];
    const curl: number[] = [];
    const rounds = Math.max(3, options.runs);
    for (let r = 0; r < rounds; r += 1) {
      curl.push(total / (await curlOnce(urls, ca, join(work, `curl-${r}`), work)));
      core.push(total / (await coreOnce(urls, ca, join(work, `core-${r}`))));
    }
    const c = median(core);
    const k = median(curl);
    const mb = (bps: number) => round(bps / 1_048_576, 1);
    options.log(
      `  download: core ${mb(c)} MB/s, curl and SHA-256 ${mb(k)} MB/s (${files} files of ${size / 1024} KiB, ${PARALLEL} at a time, median of ${rounds})`,
    );
    return [
      {
        name: 'download_ratio_to_curl',
        value: round(c / k),
        unit: 'ratio',
        note: `core ${mb(c)} MB/s vs curl and SHA-256 ${mb(k)} MB/s`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
    await sandbox.stop();
  }
}

async function coreOnce(urls: string[], ca: string, dir: string): Promise<number> {
  const library = LibraryDatabase.open(join(dir, 'library.db'));
  const store = new MediaStore(join(dir, 'media'), library);
  const dispatcher = new Agent({ connections: PARALLEL, connect: { ca } });
  const downloader = new Downloader({
    library,
    store,
    dispatcher,
    canDownload: () => true,
    clock: systemClock,
    random: Math.random,
    log: silentLogger,
    parallel: PARALLEL,
    events: { progress: () => {}, settled: () => {} },
  });
  const started = performance.now();
  urls.forEach((url, i) => downloader.want('generation', `bench-${i}`, 'output', url));
  await downloader.idle(600_000);
  const seconds = (performance.now() - started) / 1000;
  const done = library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state = 'done'")?.n ?? 0;
  await downloader.stop();
  await dispatcher.close();
  library.close();
  if (done !== urls.length) throw new Error(`core downloaded ${done} of ${urls.length}`);
  return seconds;
}

async function curlOnce(urls: string[], ca: string, dir: string, work: string): Promise<number> {
  const caFile = join(work, 'ca.pem');
  writeFileSync(caFile, ca);
  const config = join(work, 'curl.conf');
  writeFileSync(config, urls.map((u, i) => `url = "${u}"\noutput = "${join(dir, `f${i}`)}"\n`).join(''));
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'curl',
      [
        '--silent',
        '--show-error',
        '--fail',
        '--create-dirs',
        '--parallel',
        '--parallel-max',
        String(PARALLEL),
        '--cacert',
        caFile,
        '--config',
        config,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`curl exited ${code}: ${err}`))));
  });
  // Core verifies each file's SHA-256 as it stores it: the reference does the same work.
  urls.forEach((_, i) =>
    createHash('sha256')
      .update(readFileSync(join(dir, `f${i}`)))
      .digest(),
  );
  return (performance.now() - started) / 1000;
}
