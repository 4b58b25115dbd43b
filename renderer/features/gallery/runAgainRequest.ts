import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import { MODEL_B_FIELDS } from '../../../shared/api/voiceOptions.ts';
import type { CommandInput, LibraryItem } from '../../../shared/ipc/index.ts';

type GenerationBody = CommandInput<'generations.create'>['body'];
type AudioBody = CommandInput<'audio.create'>['body'];

/** The same request that made an item, ready to price and to submit again. */
export type RunAgainRequest =
  { kind: 'generation'; operationId: string; body: GenerationBody } | { kind: 'audio'; operationId: string; body: AudioBody };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Fields of an audio request that core keeps in the item's options. */
const AUDIO_FIELDS = ['model', 'emotion', ...MODEL_B_FIELDS] as const;

/**
 * Rebuilds the request from what the library kept: prompt, model and options for a generation
 * (spec 4.2), voice and text for speech (spec 4.5). Null when the item cannot be made again
 * (a character's own creation is redone from the character's page).
 */
export function runAgainRequest(item: LibraryItem): RunAgainRequest | null {
  if (!item.prompt) return null;
  if (item.kind === 'image' || item.kind === 'video' || item.kind === 'talk') {
    if (!item.characterId) return null;
    const body: GenerationBody = {
      character_id: item.characterId,
      type: item.kind,
      prompt: item.prompt,
      ...(item.model ? { model: item.model } : {}),
      ...(Object.keys(item.options).length > 0 ? { options: item.options } : {}),
    };
    return { kind: 'generation', operationId: OPERATION_IDS.createGeneration, body };
  }
  if (item.kind === 'audio') {
    const voiceId = text(item.options['voice_id']);
    if (!voiceId) return null;
    const body: Record<string, unknown> = { voice_id: voiceId, text: item.prompt, name: item.title };
    for (const field of AUDIO_FIELDS) {
      const value = text(item.options[field]) ?? (field === 'model' ? text(item.model) : undefined);
      if (value !== undefined) body[field] = value;
    }
    return { kind: 'audio', operationId: OPERATION_IDS.createAudio, body: body as AudioBody };
  }
  return null;
}
