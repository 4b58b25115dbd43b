import { GenerationOptions } from '../../../shared/api/index.ts';
import { refundFor } from '../credits.ts';
import { getCharacterById } from '../repos/characterRepo.ts';
import { completeGeneration, failGeneration as failRecord, type GenerationRecord } from '../repos/generationRepo.ts';
import type { GenerationInput } from '../media/mediaRenderer.ts';
import { png } from '../media/placeholderRenderer.ts';
import type { Services } from '../services.ts';
import { mediaAt, storeMedia } from './jobSupport.ts';

/** An image, video or talk generation: renders off the request path, commits when due. */
export async function renderGeneration(s: Services, g: GenerationRecord): Promise<() => void> {
  const character = getCharacterById(s.db, g.characterId);
  if (!character) throw new Error('The character of this generation no longer exists.');
  const options = GenerationOptions.parse(g.options);
  const input: GenerationInput = {
    generationId: g.id,
    prompt: g.prompt ?? '',
    model: g.model ?? '',
    options,
    character: {
      name: character.name,
      headshot: mediaAt(s, character.headshotUrl) ?? png(`${character.id}:head`, 64, 64),
      fullbody: mediaAt(s, character.fullbodyUrl) ?? png(`${character.id}:body`, 48, 96),
    },
    assets: {
      referenceImages: (options.reference_images ?? []).map((url) => mediaAt(s, url)).filter((m) => m !== null),
      inputImage: mediaAt(s, options.input_image),
      startFrame: mediaAt(s, options.start_frame),
      referenceVideo: mediaAt(s, options.reference_video),
      audio: mediaAt(s, options.audio_url),
    },
  };
  const rendered =
    g.type === 'image' ? await s.renderer.image(input) : g.type === 'video' ? await s.renderer.video(input) : await s.renderer.talk(input);
  const output = storeMedia(s, rendered.output);
  const thumbnail = storeMedia(s, rendered.thumbnail);
  return () => {
    const now = s.now();
    const at = now.toISOString();
    s.cdn.own(g.userId, output, 'generated', now);
    s.cdn.own(g.userId, thumbnail, 'generated', now);
    completeGeneration(s.db, g.id, { outputUrl: output.url, thumbnailUrl: thumbnail.url, durationSeconds: rendered.durationSeconds }, at);
  };
}

/** spec 2.3: a failed generation carries error_message, and its charge is refunded once. */
export function failGeneration(s: Services, g: GenerationRecord, message: string): void {
  const at = s.now().toISOString();
  if (failRecord(s.db, g.id, message, at, ['processing', 'pending'])) refundFor(s.db, g.id, `Refund: ${g.type} generation failed`, s.now());
}
