import { z } from 'zod';
import { dataOf } from './common.ts';
import { Scope } from './keys.ts';
import { OPERATION_IDS } from './operations.ts';
import {
  ASPECT_RATIOS,
  CHARACTER_ORIENTATIONS,
  IMAGE_MODES,
  LIPSYNC_MODELS,
  MOTION_INTENSITIES,
  QUALITIES,
  VIDEO_MODES,
} from './optionValues.ts';

export const GenerationType = z.enum(['image', 'video', 'talk']);
export type GenerationType = z.infer<typeof GenerationType>;

// spec 4.2 option enums
export const ImageMode = z.enum(IMAGE_MODES);
export const VideoMode = z.enum(VIDEO_MODES);
export const LipsyncModel = z.enum(LIPSYNC_MODELS);
export const MotionIntensity = z.enum(MOTION_INTENSITIES);
export const CharacterOrientation = z.enum(CHARACTER_ORIENTATIONS);
export const Quality = z.enum(QUALITIES);
export const AspectRatio = z.enum(ASPECT_RATIOS);
export type AspectRatio = z.infer<typeof AspectRatio>;

/** One model of the capability catalog; the per-model narrowing of spec 4.2 and 8 lives here. */
export const ModelInfo = z.looseObject({
  id: z.string(),
  type: GenerationType,
  label: z.string(),
  is_default: z.boolean(),
  modes: z.array(z.string()),
  duration: z.looseObject({ min: z.number().int(), max: z.number().int() }).nullable(),
  reference_images_max: z.number().int(),
  supports_hd: z.boolean(),
  supports_audio: z.boolean(),
  generate_audio_default: z.boolean(),
  include_character_default: z.boolean(),
});
export type ModelInfo = z.infer<typeof ModelInfo>;

export const OperationInfo = z.looseObject({
  operation_id: z.string().regex(/\.v\d+$/),
  method: z.string(),
  path: z.string(),
  scope: Scope,
  target: z.enum(['character']).nullable(),
});
export type OperationInfo = z.infer<typeof OperationInfo>;

/** Documented extension: GET /v1/capabilities serves the catalog read-only. */
export const Capabilities = z.looseObject({
  capability_version: z.string(),
  pricing_version: z.string(),
  operations: z.array(OperationInfo),
  models: z.array(ModelInfo),
  voice_models: z.array(z.string()),
});
export type Capabilities = z.infer<typeof Capabilities>;
export const CapabilitiesResponse = dataOf(Capabilities);

/** The catalog the sandbox serves; a remote service serves its own through the same schema. */
export const DEFAULT_CAPABILITIES: Capabilities = {
  capability_version: 'cap-2026-11-01',
  pricing_version: 'price-2026-11-01',
  operations: [
    { operation_id: OPERATION_IDS.createCharacter, method: 'POST', path: '/v1/characters', scope: 'characters:write', target: null },
    {
      operation_id: OPERATION_IDS.regenerateCharacter,
      method: 'POST',
      path: '/v1/characters/{id}/regenerate',
      scope: 'characters:write',
      target: 'character',
    },
    {
      operation_id: OPERATION_IDS.revertCharacter,
      method: 'POST',
      path: '/v1/characters/{id}/revert',
      scope: 'characters:write',
      target: 'character',
    },
    // the scope of a generation depends on its type: images:generate or videos:generate (talk is video)
    { operation_id: OPERATION_IDS.createGeneration, method: 'POST', path: '/v1/generations', scope: 'images:generate', target: null },
    { operation_id: OPERATION_IDS.cloneVoice, method: 'POST', path: '/v1/voices/clone', scope: 'voices:write', target: null },
    { operation_id: OPERATION_IDS.createAudio, method: 'POST', path: '/v1/audio', scope: 'speech:generate', target: null },
  ],
  models: [
    {
      id: 'image-model-a',
      type: 'image',
      label: 'Image A',
      is_default: true,
      modes: ['generate', 'remix', 'edit'],
      duration: null,
      reference_images_max: 3,
      supports_hd: true,
      supports_audio: false,
      generate_audio_default: false,
      include_character_default: true,
    },
    {
      id: 'image-model-b',
      type: 'image',
      label: 'Image B',
      is_default: false,
      modes: ['generate', 'edit'],
      duration: null,
      reference_images_max: 2,
      supports_hd: false,
      supports_audio: false,
      generate_audio_default: false,
      include_character_default: false,
    },
    {
      id: 'video-model-a',
      type: 'video',
      label: 'Video A',
      is_default: true,
      modes: ['create', 'extend', 'remix', 'edit', 'lipsync'],
      duration: { min: 1, max: 10 },
      reference_images_max: 4,
      supports_hd: false,
      supports_audio: true,
      generate_audio_default: true,
      include_character_default: true,
    },
    {
      id: 'video-model-b',
      type: 'video',
      label: 'Video B',
      is_default: false,
      modes: ['create', 'extend', 'remix'],
      duration: { min: 2, max: 15 },
      reference_images_max: 10,
      supports_hd: false,
      supports_audio: false,
      generate_audio_default: false,
      include_character_default: false,
    },
    {
      id: 'talk-model-a',
      type: 'talk',
      label: 'Talk A',
      is_default: true,
      modes: ['talk'],
      duration: { min: 1, max: 15 },
      reference_images_max: 0,
      supports_hd: false,
      supports_audio: true,
      generate_audio_default: true,
      include_character_default: true,
    },
    {
      id: 'talk-model-b',
      type: 'talk',
      label: 'Talk B (short)',
      is_default: false,
      modes: ['talk'],
      duration: { min: 1, max: 8 },
      reference_images_max: 0,
      supports_hd: false,
      supports_audio: true,
      generate_audio_default: true,
      include_character_default: true,
    },
  ],
  voice_models: ['voice-model-a', 'voice-model-b'],
};
