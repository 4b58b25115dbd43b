import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationAcceptedResponse, VoiceAcceptedResponse } from '../../shared/api/index.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import {
  balance,
  body,
  createUser,
  expectError,
  get,
  pollUntil,
  post,
  readyCharacter,
  sampleWav,
  upload,
  type TestUser,
} from './helpers.ts';

/** The ffmpeg processes whose parent is `pid` (Linux /proc). */
function ffmpegChildren(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && (comm.startsWith('ffmpeg') || comm === 'prlimit')) found.push(Number(entry));
    } catch {
      // the process ended while it was read
    }
  }
  return found;
}

/** A PNG of about 300 bytes whose header declares a 30000 x 30000 frame (3.6 GB decoded). */
function pngBomb(): Uint8Array {
  const chunk = (type: string, data: Uint8Array): Buffer => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(2 * (1 + 30_000 * 4)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', new Uint8Array(0))]));
}

/**
 * A sandbox with the real renderer whose every ffmpeg run has a wall-clock limit of zero seconds:
 * any run that starts is stopped at its limit and says so, which is how these tests see whether
 * ffmpeg ran at all.
 */
describe.skipIf(process.platform !== 'linux')('the sandbox bounds ffmpeg on uploaded files', { timeout: 60_000 }, () => {
  let sb: SandboxHandle;
  let user: TestUser;
  let canary: Server;
  let canaryHits = 0;
  let canaryUrl = '';

  beforeAll(async () => {
    canary = createServer((_req, res) => {
      canaryHits += 1;
      res.end();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
    sb = await startSandbox({ speed: 'fast', env: { CAST_SANDBOX_FFMPEG_SECONDS: '0' } });
    user = await createUser(sb);
  });

  afterAll(async () => {
    await sb.stop();
    await new Promise<void>((resolve) => canary.close(() => resolve()));
  });

  const cloneFrom = async (sample: string): Promise<Record<string, unknown>> => {
    const res = await post(sb, '/v1/voices/clone', { name: 'Sample', source_url: sample }, { key: user.key });
    const id = body(res, VoiceAcceptedResponse).data.id;
    return pollUntil(sb, `/v1/voices/${id}`, (v) => v.status !== 'processing', user.key);
  };

  it('a run past its limit is killed and the job fails with a sentence that says so, refunded; the sandbox keeps answering', async () => {
    const before = await balance(sb, user.key);
    const voice = await cloneFrom(await upload(sb, sampleWav(), 'audio/wav', user.key));
    expect(voice).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/^The sandbox stopped ffmpeg at its time limit \(0 s\) while trying to read the voice sample\./),
    });
    expect(await balance(sb, user.key)).toBe(before);
    expect(ffmpegChildren(sb.pid)).toEqual([]);
    expect((await get(sb, '/v1/account', user.key)).status).toBe(200);
    // and it goes on taking work: the next job is read, stopped and answered the same way
    expect(await cloneFrom(await upload(sb, sampleWav(), 'audio/wav', user.key))).toMatchObject({ status: 'failed' });
  });

  it('an upload whose bytes are not what its type says is refused with 415 before any job exists', async () => {
    const res = await sb.request('POST', '/v1/uploads', {
      auth: user.key,
      body: `#EXTM3U\n#EXTINF:10,\n${canaryUrl}/segment.ts\n`,
      headers: { 'content-type': 'audio/wav' },
    });
    expectError(res, 415, 'unsupported_media_type');
  });

  it('a stored sample whose bytes are no longer a WAV (a playlist naming a URL) is refused without running ffmpeg', async () => {
    const sample = await upload(sb, sampleWav(), 'audio/wav', user.key);
    writeFileSync(
      join(sb.dataDir, 'cdn', basename(new URL(sample).pathname)),
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${canaryUrl}/segment.ts\n#EXT-X-ENDLIST\n`,
    );
    const voice = await cloneFrom(sample);
    // refused on its signature, not the time-limit sentence of the test above: ffmpeg never started on it
    expect(voice).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(
        /^The voice sample could not be read: its first bytes are not those of audio\/wav, the type it was uploaded as; upload it again/,
      ),
    });
    expect(canaryHits).toBe(0);
    expect((await get(sb, '/v1/account', user.key)).status).toBe(200);
  });

  it('an image declaring a frame too large to decode fails its generation in words, refunded, before anything decodes it', async () => {
    const characterId = await readyCharacter(sb, user.key);
    const before = await balance(sb, user.key);
    const bomb = await upload(sb, pngBomb(), 'image/png', user.key);
    const res = await post(
      sb,
      '/v1/generations',
      { type: 'image', character_id: characterId, prompt: 'a street', options: { image_mode: 'edit', input_image: bomb } },
      { key: user.key },
    );
    const id = body(res, GenerationAcceptedResponse).data.id;
    const done = await pollUntil(sb, `/v1/generations/${id}`, (g) => g.status === 'completed' || g.status === 'failed', user.key);
    // the image sentence, not ffmpeg's time limit: nothing ran on it, and the render worker is still there
    expect(done).toMatchObject({
      status: 'failed',
      error_message:
        'The input image is 30000 × 30000 pixels, larger than the sandbox reads (at most 50 megapixels and 16,384 pixels a side); upload a smaller image. Your credits were refunded.',
    });
    expect(await balance(sb, user.key)).toBe(before);
    expect(ffmpegChildren(sb.pid)).toEqual([]);
    expect((await get(sb, '/v1/account', user.key)).status).toBe(200);
  });
});
