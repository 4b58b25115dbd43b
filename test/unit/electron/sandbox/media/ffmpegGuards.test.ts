import type { ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeAudio, imageToPng, runFfmpeg } from '../../../../../electron/sandbox/media/ffmpeg.ts';
import { kernelLimits, READ_LIMITS } from '../../../../../electron/sandbox/media/ffmpegLimits.ts';
import { FfmpegRefusal } from '../../../../../electron/sandbox/media/ffmpegRefusal.ts';
import { png } from '../../../../../electron/sandbox/media/placeholderRenderer.ts';
import { encodeWav } from '../../../../../electron/sandbox/media/wav.ts';

/** A server on 127.0.0.1 that counts every request it gets: ffmpeg must never call it. */
let canary: Server;
let canaryHits = 0;
let canaryUrl = '';

/** Every process this thread starts, seen through Node's own `child_process` channel. */
const spawned: ChildProcess[] = [];
const onSpawn = (message: unknown): void => {
  spawned.push((message as { process: ChildProcess }).process);
};

let dir = '';

beforeAll(async () => {
  canary = createServer((_req, res) => {
    canaryHits += 1;
    res.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  subscribe('child_process', onSpawn);
});

afterAll(async () => {
  unsubscribe('child_process', onSpawn);
  await new Promise<void>((resolve) => canary.close(() => resolve()));
});

beforeEach(async () => {
  spawned.length = 0;
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-guards-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  expect(canaryHits, 'requests ffmpeg made to the canary').toBe(0);
});

/** An HLS playlist whose one segment is a URL on the canary. */
const playlist = (): string => `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${canaryUrl}/segment.ts\n#EXT-X-ENDLIST\n`;
const bytesOf = (text: string): Uint8Array => new Uint8Array(Buffer.from(text));
/** Two seconds of a tone, as the sandbox writes WAV. */
const tone = (): Uint8Array =>
  encodeWav(
    Int16Array.from({ length: 32000 }, (_, i) => Math.round(8000 * Math.sin(i / 8))),
    16000,
  );

describe('ffmpeg on uploaded files: the signature and size are checked first', () => {
  it('reads a file that is what its type says (the spawn count below is real)', async () => {
    const samples = await decodeAudio({ bytes: tone(), contentType: 'audio/wav' }, 16000, 'voice sample');
    expect(samples.length).toBe(32000);
    expect(spawned).toHaveLength(1);
  });

  it('refuses a playlist sent as a WAV, a PNG sent as a WebP, an image as audio, and an oversized WAV, without running ffmpeg', async () => {
    await expect(decodeAudio({ bytes: bytesOf(playlist()), contentType: 'audio/wav' }, 16000, 'voice sample')).rejects.toThrow(
      'The voice sample could not be read: its first bytes are not those of audio/wav, the type it was uploaded as',
    );
    await expect(imageToPng({ bytes: png('p', 4, 4).bytes, contentType: 'image/webp' }, 'start frame')).rejects.toThrow(
      'The start frame could not be read: its first bytes are not those of image/webp',
    );
    await expect(decodeAudio({ bytes: png('p', 4, 4).bytes, contentType: 'image/png' }, 16000, 'talk audio')).rejects.toThrow(
      'The talk audio could not be read: it is image/png, not audio.',
    );
    const oversized = new Uint8Array(25 * 1024 * 1024 + 1);
    oversized.set(tone());
    await expect(decodeAudio({ bytes: oversized, contentType: 'audio/wav' }, 16000, 'talk audio')).rejects.toThrow(
      'The talk audio could not be read: it is larger than the 25 MiB a audio/wav upload may be',
    );
    expect(spawned).toHaveLength(0);
  });
});

describe('ffmpeg opens no URL', { timeout: 60_000 }, () => {
  it('refuses an input that is a URL before starting ffmpeg', async () => {
    await expect(runFfmpeg({ args: ['-i', `${canaryUrl}/voice.wav`, '-f', 'null', '-'], purpose: 'read a URL' })).rejects.toThrow(
      'ffmpeg reads local files and stdin only',
    );
    await expect(runFfmpeg({ args: ['-i', 'relative.wav', '-f', 'null', '-'], purpose: 'read a relative path' })).rejects.toThrow(
      'ffmpeg reads local files and stdin only',
    );
    expect(spawned).toHaveLength(0);
  });

  it('fetches nothing that a playlist or a concat script names, from a file or from stdin, and says so in its arguments', async () => {
    const hls = join(dir, 'list.m3u8');
    await writeFile(hls, playlist());
    const concat = join(dir, 'list.ffconcat');
    await writeFile(concat, `ffconcat version 1.0\nfile ${canaryUrl}/voice.wav\n`);
    const runs = await Promise.allSettled([
      runFfmpeg({ args: ['-i', hls, '-f', 'null', '-'], purpose: 'read a playlist file', limits: READ_LIMITS }),
      runFfmpeg({ args: ['-i', 'pipe:0', '-f', 'null', '-'], input: bytesOf(playlist()), purpose: 'read a piped playlist' }),
      runFfmpeg({ args: ['-f', 'concat', '-safe', '0', '-i', concat, '-f', 'null', '-'], purpose: 'read a concat script' }),
    ]);
    expect(runs.map((run) => (run.status === 'rejected' ? String(run.reason) : 'read'))).toEqual([
      expect.stringContaining('The sandbox could not read a playlist file (ffmpeg exited with'),
      expect.stringContaining('The sandbox could not read a piped playlist (ffmpeg exited with'),
      expect.stringContaining('The sandbox could not read a concat script (ffmpeg exited with'),
    ]);
    expect(spawned).toHaveLength(3);
    for (const child of spawned) {
      const args = child.spawnargs;
      const inputs = args.flatMap((arg, i) => (arg === '-i' ? [i] : []));
      expect(inputs.length).toBeGreaterThan(0);
      for (const at of inputs) expect(args.slice(at - 2, at)).toEqual(['-protocol_whitelist', 'file,pipe']);
      expect(args).toContain('-hide_banner');
    }
  });
});

/** A PNG of a few hundred bytes that declares a 7000 x 7000 frame of 16-bit RGBA (392 MB to decode). */
function hugeFramePng(): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(7000, 0);
  header.writeUInt32BE(7000, 4);
  header.set([16, 6, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(4 * (7000 * 8 + 1)))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Whether a process still exists (signal 0 only asks). */
const alive = (pid: number | undefined): boolean => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ffmpeg runs within limits', { timeout: 120_000 }, () => {
  const wav = async (): Promise<string> => {
    const path = join(dir, 'tone.wav');
    await writeFile(path, tone());
    return path;
  };

  it('is killed at its wall-clock limit when it would run for ever, and answers with an error that says so', async () => {
    // -re reads at the pace of playback: little CPU, no end
    const run = runFfmpeg({
      args: ['-re', '-stream_loop', '-1', '-f', 'wav', '-i', await wav(), '-f', 'null', '-'],
      purpose: 'play a tone for ever',
      limits: { ...READ_LIMITS, wallSeconds: 1 },
    });
    await expect(run).rejects.toThrow(FfmpegRefusal);
    await expect(run).rejects.toThrow('The sandbox stopped ffmpeg at its time limit (1 s) while trying to play a tone for ever.');
    expect(spawned).toHaveLength(1);
    expect(alive(spawned[0]?.pid)).toBe(false);
  });

  it.skipIf(!kernelLimits)('is killed at its CPU-time limit when it would decode for ever', async () => {
    const run = runFfmpeg({
      args: ['-stream_loop', '-1', '-f', 'wav', '-i', await wav(), '-f', 'null', '-'],
      purpose: 'decode a tone for ever',
      limits: { ...READ_LIMITS, cpuSeconds: 1, wallSeconds: 100 },
    });
    await expect(run).rejects.toThrow('The sandbox stopped ffmpeg at its CPU-time limit (1 s) while trying to decode a tone for ever.');
    expect(alive(spawned[0]?.pid)).toBe(false);
  });

  it.skipIf(!kernelLimits)('refuses a tiny file that declares a huge frame at its memory limit', async () => {
    const path = join(dir, 'huge.png');
    await writeFile(path, hugeFramePng());
    const run = runFfmpeg({
      args: ['-f', 'png_pipe', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      purpose: 'read the huge image',
      limits: { ...READ_LIMITS, memoryBytes: 256 * 1024 * 1024 },
    });
    await expect(run).rejects.toThrow(
      'The sandbox stopped trying to read the huge image: it needs more than the 256 MiB of memory ffmpeg may use.',
    );
  });

  it('is killed when its output passes the bound, and the next run works', async () => {
    const run = runFfmpeg({
      args: ['-stream_loop', '-1', '-f', 'wav', '-i', await wav(), '-f', 's16le', 'pipe:1'],
      purpose: 'decode a tone for ever',
      limits: { ...READ_LIMITS, outputBytes: 1024 * 1024 },
    });
    await expect(run).rejects.toThrow('The sandbox stopped ffmpeg: trying to decode a tone for ever gave more than 1 MiB.');
    expect(alive(spawned[0]?.pid)).toBe(false);
    await expect(decodeAudio({ bytes: tone(), contentType: 'audio/wav' }, 16000, 'voice sample')).resolves.toHaveLength(32000);
  });
});
