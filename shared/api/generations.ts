import { z } from 'zod';
import {
  AspectRatio,
  CharacterOrientation,
  GenerationType,
  ImageMode,
  LipsyncModel,
  MotionIntensity,
  Quality,
  VideoMode,
} from './catalog.ts';
import { GenerationStatus, HttpsUrl, Timestamp, Uuid, WebhookUrlField, dataOf, listOf } from './common.ts';
import { LIMITS } from './limits.ts';

const optionText = z.string().min(LIMITS.generationOptionText.min).max(LIMITS.generationOptionText.max);

// spec 4.2 options: all optional; which apply depends on type and mode.
export const GenerationOptions = z.strictObject({
  aspect_ratio: AspectRatio.optional(),
  style: optionText.optional(),
  hd: z.boolean().optional(),
  duration: z.number().int().min(LIMITS.generationDuration.min).max(LIMITS.generationDuration.max).optional(),
  quality: Quality.optional(),
  generate_audio: z.boolean().optional(),
  include_character: z.boolean().optional(),
  image_mode: ImageMode.optional(),
  video_mode: VideoMode.optional(),
  lipsync_model: LipsyncModel.optional(),
  motion_intensity: MotionIntensity.optional(),
  character_orientation: CharacterOrientation.optional(),
  keep_original_sound: z.boolean().optional(),
  reference_video: HttpsUrl.optional(),
  start_frame: HttpsUrl.optional(),
  input_image: HttpsUrl.optional(),
  audio_url: HttpsUrl.optional(),
  expression: optionText.optional(),
  reference_images: z.array(HttpsUrl).max(LIMITS.videoReferenceImagesCeiling).optional(),
});
export type GenerationOptions = z.infer<typeof GenerationOptions>;
export type GenerationOptionKey = keyof GenerationOptions;

export const GenerationPrompt = z.string().min(LIMITS.generationPrompt.min).max(LIMITS.generationPrompt.max);

// spec 4.2 POST /v1/generations
export const CreateGenerationRequest = z.strictObject({
  character_id: Uuid,
  type: GenerationType,
  prompt: GenerationPrompt,
  model: z.string().min(1).max(100).optional(),
  options: GenerationOptions.optional(),
  webhook_url: WebhookUrlField,
});
export type CreateGenerationRequest = z.infer<typeof CreateGenerationRequest>;

// spec 2.3 accepted response
export const GenerationAccepted = z.looseObject({
  id: Uuid,
  status: GenerationStatus,
  type: z.string(),
  credits_used: z.number().int(),
  credits_remaining: z.number().int(),
  created_at: Timestamp,
});
export type GenerationAccepted = z.infer<typeof GenerationAccepted>;
export const GenerationAcceptedResponse = dataOf(GenerationAccepted);

export const GenerationOutput = z.looseObject({ url: z.string(), thumbnail_url: z.string() });

// spec 2.3 record while polling; `character_create` generations appear here too.
export const ListGenerationType = z.enum(['image', 'video', 'talk', 'character_create']);
export const Generation = z.looseObject({
  id: Uuid,
  type: z.string(),
  status: GenerationStatus,
  prompt: z.string().nullable(),
  character_id: Uuid,
  credits_used: z.number().int(),
  completed_at: Timestamp.nullable(),
  error_message: z.string().nullable(),
  output: GenerationOutput.optional(),
  model: z.string().nullable().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type Generation = z.infer<typeof Generation>;
export const GenerationResponse = dataOf(Generation);
export const GenerationList = listOf(Generation);

/** spec 4.2 list filters; strictness (non-empty, once) is checked on the raw query before this. */
export const GenerationListQuery = z.strictObject({
  type: ListGenerationType.optional(),
  character_id: Uuid.optional(),
  status: GenerationStatus.optional(),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  // Decision: incremental sync reads what changed after a time.
  updated_after: Timestamp.optional(),
});
export type GenerationListQuery = z.infer<typeof GenerationListQuery>;
export const GENERATION_FILTERS = ['type', 'character_id', 'status'] as const;
