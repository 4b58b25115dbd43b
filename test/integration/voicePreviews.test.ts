import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceView } from '../../shared/ipc/index.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { startCore, type Harness } from './support/coreHarness.ts';

let h: Harness;

type VoiceLists = { voices: VoiceView[]; presets: VoiceView[] };

beforeAll(async () => {
  // Not a keychain test: keys in memory; placeholder media keeps the sandbox cheap (its speech is still a WAV).
  h = await startCore({ keychain: new MemoryKeychain(), env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
});
afterAll(async () => {
  await h?.stop();
});

/**
 * voices.list until every preset's preview is in the media store. The sandbox renders preset
 * previews in the background, so the first sync may bring them with no URL; another pass (the
 * periodic one, run here by hand) brings the URL, and the downloader fetches it.
 */
async function presetsDownloaded(): Promise<VoiceView[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { presets } = (await h.invoke('voices.list', {})) as VoiceLists;
    if (presets.length > 0 && presets.every((p) => p.previewMediaId !== null)) return presets;
    if (Date.now() > deadline) throw new Error(`Preset previews never downloaded: ${JSON.stringify(presets)}`);
    if (presets.length === 0 || presets.some((p) => !p.preview_url)) await h.core.session()?.sync.run();
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('voice lab previews through core', () => {
  it('a preset preview is downloaded into the media store and listed as a playable media id', async () => {
    const presets = await presetsDownloaded();
    for (const preset of presets) {
      const media = h.core.resolveMedia(preset.previewMediaId ?? '');
      expect(media, `${preset.name}'s preview`).not.toBeNull();
      expect(media?.contentType).toBe('audio/wav');
      const bytes = readFileSync(media?.path ?? '');
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    }
    // The voice lab heard about it: a settled preview download re-announces its voice.
    const first = presets[0];
    expect(h.events.some((e) => e.event === 'voices.updated' && (e.payload as { voiceId: string }).voiceId === first?.id)).toBe(true);
  });
});
