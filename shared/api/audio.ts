import { z } from 'zod';
import { AudioStatus, HttpsUrl, Timestamp, Uuid, WebhookUrlField, dataOf, listOf } from './common.ts';
import { LIMITS } from './limits.ts';
import { EMOTIONS } from './voiceOptions.ts';
import { VoiceModel } from './voices.ts';

export const Emotion = z.enum(EMOTIONS);
export type Emotion = z.infer<typeof Emotion>;

const modelBText = z.string().min(LIMITS.speechSettingText.min).max(LIMITS.speechSettingText.max);

// spec 4.5 POST /v1/audio. `name` defaults to "Audio YYYY-MM-DD" and `model` to the voice's
// model; both need the clock or the voice, so the service fills them (defaultAudioName).
export const CreateAudioRequest = z.strictObject({
  voice_id: Uuid,
  text: z.string().min(LIMITS.audioText.min).max(LIMITS.audioText.max),
  name: z.string().min(1).max(LIMITS.audioTrackName).optional(),
  model: VoiceModel.optional(),
  emotion: Emotion.default('auto'),
  speaker: modelBText.optional(),
  voice_description: modelBText.optional(),
  style_instruction: modelBText.optional(),
  reference_audio: HttpsUrl.optional(),
  reference_text: z.string().min(1).max(LIMITS.audioText.max).optional(),
  language: z.string().min(LIMITS.speechLanguage.min).max(LIMITS.speechLanguage.max).optional(),
  webhook_url: WebhookUrlField,
});
export type CreateAudioRequest = z.infer<typeof CreateAudioRequest>;
export type CreateAudioInput = z.input<typeof CreateAudioRequest>;

// spec 4.5: fields that only voice-model-b accepts (core reads them from here too).
export { MODEL_B_FIELDS } from './voiceOptions.ts';

export function defaultAudioName(now: Date): string {
  return `Audio ${now.toISOString().slice(0, 10)}`;
}

// spec 2.5
export const AudioAccepted = z.looseObject({
  id: Uuid,
  name: z.string(),
  status: AudioStatus,
  credits_used: z.number().int(),
  credits_remaining: z.number().int(),
  created_at: Timestamp,
});
export type AudioAccepted = z.infer<typeof AudioAccepted>;
export const AudioAcceptedResponse = dataOf(AudioAccepted);

export const AudioTrack = z.looseObject({
  id: Uuid,
  name: z.string(),
  status: AudioStatus,
  audio_url: z.string().nullable().optional(),
  voice_id: Uuid.optional(),
  model: z.string().optional(),
  emotion: z.string().optional(),
  text: z.string().optional(),
  duration_seconds: z.number().nullable().optional(),
  credits_used: z.number().int().optional(),
  error_message: z.string().nullable().optional(),
  created_at: Timestamp.optional(),
  completed_at: Timestamp.nullable().optional(),
});
export type AudioTrack = z.infer<typeof AudioTrack>;
export const AudioResponse = dataOf(AudioTrack);
export const AudioList = listOf(AudioTrack);

export const AudioListQuery = z.strictObject({
  voice_id: Uuid.optional(),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
