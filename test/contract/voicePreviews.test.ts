import { describe, expect, it } from 'vitest';
import { VoiceAcceptedResponse, VoiceList, VoiceResponse, type Voice } from '../../shared/api/index.ts';
import { body, createUser, pollUntil, post, sampleWav, upload, sandboxWithUser } from './helpers.ts';

const ctx = sandboxWithUser({ credits: 5000 });

/** Presets render in the background: the first listings may say null, later ones the URL. */
async function presetsWithPreviews(key: string): Promise<Voice[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const presets = body(await ctx.sb.request('GET', '/v1/voices', { auth: key }), VoiceList).data.presets;
    if (presets.every((p) => p.preview_url)) return presets;
    if (Date.now() > deadline) throw new Error(`Preset previews never appeared: ${JSON.stringify(presets)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The URL is an https address on the sandbox's CDN that anyone may fetch (no credentials) and that holds a WAV. */
async function expectPlayableAudio(url: string | null | undefined): Promise<void> {
  expect(url).toMatch(/^https:\/\//);
  expect(url?.startsWith(`${ctx.sb.ready.cdn_url}/`)).toBe(true);
  const res = await ctx.sb.request('GET', new URL(url ?? '').pathname, { auth: null });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('audio/wav');
  expect(res.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(res.bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
}

describe('voice previews (issue 7 voice lab, issue 9 speech)', () => {
  it('every preset lists with an https CDN preview_url that serves its spoken sample to anyone', async () => {
    const presets = await presetsWithPreviews(ctx.user.key);
    for (const p of presets) await expectPlayableAudio(p.preview_url);
    // Each preset speaks with its own parameters and name, so no two previews are the same file.
    expect(new Set(presets.map((p) => p.preview_url)).size).toBe(presets.length);
    const first = presets[0];
    if (!first) throw new Error('No presets.');
    expect(body(await ctx.sb.request('GET', `/v1/voices/${first.id}`, { auth: ctx.user.key }), VoiceResponse).data.preview_url).toBe(
      first.preview_url,
    );
    // Another account sees the very same files: presets belong to nobody, their previews to everyone.
    const other = await createUser(ctx.sb);
    expect((await presetsWithPreviews(other.key)).map((p) => p.preview_url)).toEqual(presets.map((p) => p.preview_url));
  });

  it('a cloned voice is ready with a preview rendered from its derived parameters; its owner may reuse it as an input', async () => {
    const sample = await upload(ctx.sb, sampleWav(), 'audio/wav', ctx.user.key);
    const res = await post(ctx.sb, '/v1/voices/clone', { name: 'Preview Clone', source_url: sample }, { key: ctx.user.key });
    expect(res.status).toBe(201);
    const id = body(res, VoiceAcceptedResponse).data.id;
    const ready = await pollUntil(ctx.sb, `/v1/voices/${id}`, (v) => v.status !== 'processing', ctx.user.key);
    expect(ready.status).toBe('ready');
    const url = String(ready.preview_url);
    await expectPlayableAudio(url);
    const presetUrls = (await presetsWithPreviews(ctx.user.key)).map((p) => p.preview_url);
    expect(presetUrls).not.toContain(url);
    // Owned by the voice's owner like any output: accepted where an audio file of theirs is.
    const again = await post(ctx.sb, '/v1/voices/clone', { name: 'Clone of a preview', source_url: url }, { key: ctx.user.key });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('a designed voice gets its preview when it becomes ready', async () => {
    const res = await post(
      ctx.sb,
      '/v1/voices/clone',
      { name: 'Designed Preview', setup_mode: 'voice_design', description: 'a husky pirate' },
      { key: ctx.user.key },
    );
    const id = body(res, VoiceAcceptedResponse).data.id;
    const processing = body(await ctx.sb.request('GET', `/v1/voices/${id}`, { auth: ctx.user.key }), VoiceResponse).data;
    if (processing.status === 'processing') expect(processing.preview_url ?? null).toBeNull();
    const ready = await pollUntil(ctx.sb, `/v1/voices/${id}`, (v) => v.status !== 'processing', ctx.user.key);
    expect(ready.status).toBe('ready');
    await expectPlayableAudio(String(ready.preview_url));
  });

  it('preset previews are rendered once and kept: after a restart the first listing already has them', async () => {
    const before = (await presetsWithPreviews(ctx.user.key)).map((p) => p.preview_url);
    await ctx.restart({ env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
    const first = body(await ctx.sb.request('GET', '/v1/voices', { auth: ctx.user.key }), VoiceList).data.presets;
    // Same files (the restarted process may listen on another port, so the CDN origin may differ).
    const name = (u: string | null | undefined): string => (u ?? '').slice((u ?? '').lastIndexOf('/') + 1);
    expect(first.map((p) => name(p.preview_url))).toEqual(before.map(name));
    for (const p of first) await expectPlayableAudio(p.preview_url);
  });
});
