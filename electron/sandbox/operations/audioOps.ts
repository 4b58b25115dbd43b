import { CreateAudioRequest, MODEL_B_FIELDS, OPERATION_IDS } from '../../../shared/api/index.ts';
import type { Actor } from '../auth.ts';
import { priceOf } from '../pricing.ts';
import { findPreset } from '../presets.ts';
import { getVoice } from '../repos/voiceRepo.ts';
import { SandboxError, notFound } from '../sandboxError.ts';
import { parseValid } from '../validation.ts';
import type { Services } from '../services.ts';
import { checkAssetUrl, checkRawUrlFields, type AssetRef } from '../ssrf.ts';
import { bind, type Binding } from './binding.ts';

const at = (prefix: string, field: string): string => (prefix ? `${prefix}.${field}` : field);

export type AudioVoice = { id: string; name: string; model: string; status: string };
export type PreparedAudio = { request: CreateAudioRequest; voice: AudioVoice; model: string; reference: AssetRef | null; binding: Binding };

/**
 * spec 4.5 POST /v1/audio: the voice is a preset or the caller's own voice; the model
 * defaults to the voice's; the voice-model-b fields are refused for voice-model-a.
 */
export function prepareAudio(s: Services, actor: Actor, body: unknown, prefix = ''): PreparedAudio {
  checkRawUrlFields(body, s.cdn.baseUrl, prefix);
  const request = parseValid(CreateAudioRequest, body, prefix);
  const voice = findVoice(s, actor, request.voice_id, at(prefix, 'voice_id'));
  const model = request.model ?? voice.model ?? 'voice-model-a';
  if (model !== 'voice-model-b') {
    const extra = MODEL_B_FIELDS.find((f) => request[f] !== undefined);
    if (extra)
      throw new SandboxError(
        'validation_error',
        `The field ${extra} applies only to voice-model-b; set model to voice-model-b or remove it.`,
        at(prefix, extra),
      );
  }
  const reference = request.reference_audio
    ? checkAssetUrl(s.cdn, actor.user.id, request.reference_audio, at(prefix, 'reference_audio'), ['audio'])
    : null;
  const { reference_audio: _r, webhook_url: _w, ...plain } = request;
  const normalized = { ...plain, name: request.name ?? null, model };
  const credits = priceOf({ operation: OPERATION_IDS.createAudio, text: request.text, model });
  return {
    request,
    voice,
    model,
    reference,
    binding: bind(OPERATION_IDS.createAudio, null, normalized, reference ? [reference] : [], credits),
  };
}

function findVoice(s: Services, actor: Actor, id: string, field: string): AudioVoice {
  const preset = findPreset(id);
  if (preset) return { id: preset.id, name: preset.name, model: preset.model, status: 'ready' };
  const voice = getVoice(s.db, id);
  if (!voice) throw notFound('voice', field);
  // spec 4.5: a voice the caller owns or a preset; another user's voice, a teammate's included, is
  // the 403 of spec 7, refused before anything is charged.
  if (voice.userId !== actor.user.id) {
    throw new SandboxError('forbidden', 'This voice belongs to another user; speak with one of your own voices or a preset.', field);
  }
  return { id: voice.id, name: voice.name, model: voice.model, status: voice.status };
}
