import { createHash } from 'node:crypto';
import type { CdnObject, CdnStore } from './cdnStore.ts';
import type { Db } from './db/database.ts';
import type { MediaRenderer, VoiceParameters } from './media/mediaRenderer.ts';
import { messageOf } from './messageOf.ts';
import { PRESETS, type Preset } from './presets.ts';
import { currentPreview, savePreview } from './repos/presetPreviewRepo.ts';

/** The sentence every voice's preview says (issue 7: each voice with a preview you can play). */
export function previewText(name: string): string {
  return `Hello, I'm ${name}. This is how I sound.`;
}

/** What rendering a preview needs (a part of the sandbox's services). */
export type PreviewDeps = { db: Db; cdn: CdnStore; renderer: MediaRenderer; now: () => Date; log: (message: string) => void };

export type PreviewVoice = { id: string; name: string; model: string; params: VoiceParameters };

/**
 * Speaks the preview sentence with the voice's own parameters and writes it to the CDN store
 * (content-addressed, so a re-render of the same voice lands on the same URL). The CDN serves
 * every object to anyone holding its URL, so a preview needs no owner to be played; owning it is
 * only what lets a user pass it back as an input (ssrf.ts checkAssetUrl).
 */
export async function renderPreview(s: PreviewDeps, voice: PreviewVoice): Promise<CdnObject> {
  const rendered = await s.renderer.speech({
    text: previewText(voice.name),
    emotion: 'neutral',
    model: voice.model,
    voice: { id: voice.id, name: voice.name, ...voice.params },
    language: null,
  });
  return s.cdn.put(rendered.output.bytes, rendered.output.contentType, s.now());
}

const RETRY_AFTER_MS = 60_000;

/** Changes when the wording or the preset's parameters do, so an edited preset is rendered again. */
function fingerprint(p: Preset): string {
  return createHash('sha256')
    .update(JSON.stringify([previewText(p.name), p.model, p.params]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The system presets' previews: rendered once in the background (never on a request's path) and
 * kept in `preset_previews`; until one is ready its preset lists with `preview_url: null`. A pass
 * starts with the sandbox and again when a listing finds one missing (say the renderer failed).
 */
export class PresetPreviews {
  private readonly s: PreviewDeps;
  private pass: Promise<void> | null = null;
  private stopped = false;
  /** After a failed render, listings wait this long before trying again (no retry storm). */
  private retryAtMs = 0;

  constructor(services: PreviewDeps) {
    this.s = services;
  }

  /** The preset's preview URL, or null while it is still being rendered (which this ensures). */
  urlOf(preset: Preset): string | null {
    const preview = currentPreview(this.s.db, preset.id, fingerprint(preset));
    if (preview) return this.s.cdn.urlFor(preview.sha256, preview.ext);
    this.ensure();
    return null;
  }

  /** Starts a background pass over the presets that lack a current preview, unless one is running. */
  ensure(): void {
    if (this.pass || this.stopped || this.s.now().getTime() < this.retryAtMs) return;
    this.pass = this.renderMissing()
      .catch((error: unknown) => {
        this.retryAtMs = this.s.now().getTime() + RETRY_AFTER_MS;
        this.s.log(`preset previews: ${messageOf(error)}`);
      })
      .finally(() => {
        this.pass = null;
      });
  }

  /** Lets a pass in flight finish its current render; the next start renders what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.pass;
  }

  private async renderMissing(): Promise<void> {
    const { db } = this.s;
    for (const preset of PRESETS) {
      if (this.stopped) return;
      const print = fingerprint(preset);
      if (currentPreview(db, preset.id, print)) continue;
      const object = await renderPreview(this.s, preset);
      if (this.stopped) return;
      savePreview(db, preset.id, print, object, this.s.now().toISOString());
    }
  }
}
