import type { Capabilities, GenerationType } from './catalog.ts';
import { findModel } from './findModel.ts';
import type { CreateGenerationRequest, GenerationOptionKey, GenerationOptions } from './generations.ts';
import { GENERATION_DEFAULTS, LIMITS } from './limits.ts';

/** spec 4.2 "Applies to": which options a type accepts at all. */
export const OPTIONS_BY_TYPE: Record<GenerationType, readonly GenerationOptionKey[]> = {
  image: ['aspect_ratio', 'style', 'hd', 'include_character', 'image_mode', 'input_image', 'reference_images'],
  video: [
    'aspect_ratio',
    'style',
    'duration',
    'quality',
    'generate_audio',
    'include_character',
    'video_mode',
    'lipsync_model',
    'motion_intensity',
    'character_orientation',
    'keep_original_sound',
    'reference_video',
    'start_frame',
    'audio_url',
    'reference_images',
  ],
  talk: ['duration', 'quality', 'start_frame', 'audio_url', 'expression'],
};

export type ResolvedGeneration = {
  character_id: string;
  type: GenerationType;
  prompt: string;
  model: string;
  options: GenerationOptions;
};

/**
 * Why a request cannot be sent as it is, as a code and what its words need: the sandbox says it in
 * English as the service does, the page in the creator's language. Model ids and modes are the
 * service's own names.
 */
export type GenerationIssue =
  | { code: 'unknown_model'; type: GenerationType; model: string; choices: string[] }
  | { code: 'option_not_applicable'; option: GenerationOptionKey; type: GenerationType }
  | { code: 'mode_unsupported'; model: string; mode: string }
  | { code: 'duration_range'; model: string; min: number; max: number }
  | { code: 'too_many_references'; model: string; max: number }
  | { code: 'no_hd'; model: string }
  | { code: 'no_audio'; model: string }
  | { code: 'needs_audio'; for: 'talk' | 'lipsync' }
  | { code: 'needs_input_image' }
  | { code: 'needs_image_or_reference' }
  | { code: 'needs_reference_video'; mode: string };

export type FieldIssue = GenerationIssue & { field: string };

/**
 * Applies the spec 4.2 defaults for the request's type and mode, and checks what the schema cannot:
 * options that do not apply, per-model narrowing, and inputs a mode requires.
 * Returns the normalized request (what a quote hashes) or the first issue found.
 */
export function resolveGeneration(
  req: CreateGenerationRequest,
  catalog: Capabilities,
): { ok: true; value: ResolvedGeneration } | { ok: false; issue: FieldIssue } {
  const model = findModel(catalog, req.type, req.model);
  if (!model) {
    const choices = catalog.models.filter((m) => m.type === req.type).map((m) => m.id);
    return { ok: false, issue: { field: 'model', code: 'unknown_model', type: req.type, model: req.model ?? '', choices } };
  }
  const given = req.options ?? {};
  const allowed = OPTIONS_BY_TYPE[req.type];
  for (const key of Object.keys(given) as GenerationOptionKey[]) {
    if (given[key] !== undefined && !allowed.includes(key)) {
      return { ok: false, issue: { field: `options.${key}`, code: 'option_not_applicable', option: key, type: req.type } };
    }
  }
  const o: GenerationOptions = { ...given };
  const D = GENERATION_DEFAULTS;
  if (req.type === 'image') {
    o.aspect_ratio ??= D.imageAspectRatio;
    o.style ??= D.style;
    o.hd ??= D.hd;
    o.image_mode ??= D.imageMode;
    o.include_character ??= model.include_character_default;
    o.reference_images ??= [];
  } else if (req.type === 'video') {
    o.aspect_ratio ??= D.videoAspectRatio;
    o.duration ??= D.videoDuration;
    o.quality ??= D.quality;
    o.video_mode ??= D.videoMode;
    o.generate_audio ??= model.generate_audio_default;
    o.include_character ??= model.include_character_default;
    o.reference_images ??= [];
    if (o.video_mode === 'remix') {
      o.style ??= D.style;
      o.character_orientation ??= D.characterOrientation;
    }
    if (o.video_mode === 'remix' || o.video_mode === 'edit') o.keep_original_sound ??= D.keepOriginalSound;
    if (o.video_mode === 'create') o.motion_intensity ??= D.motionIntensity;
    if (o.video_mode === 'lipsync') o.lipsync_model ??= D.lipsyncModel;
  } else {
    o.duration ??= D.talkDuration;
    o.quality ??= D.quality;
    o.expression ??= D.expression;
  }
  const issue = checkModeAndModel(req.type, o, model);
  if (issue) return { ok: false, issue };
  return { ok: true, value: { character_id: req.character_id, type: req.type, prompt: req.prompt, model: model.id, options: o } };
}

function checkModeAndModel(
  type: GenerationType,
  o: GenerationOptions,
  model: NonNullable<ReturnType<typeof findModel>>,
): FieldIssue | null {
  const mode = type === 'image' ? o.image_mode : type === 'video' ? o.video_mode : 'talk';
  if (mode && !model.modes.includes(mode)) {
    return { field: type === 'image' ? 'options.image_mode' : 'options.video_mode', code: 'mode_unsupported', model: model.id, mode };
  }
  if (o.duration !== undefined && model.duration && (o.duration < model.duration.min || o.duration > model.duration.max)) {
    return { field: 'options.duration', code: 'duration_range', model: model.id, min: model.duration.min, max: model.duration.max };
  }
  const refs = o.reference_images?.length ?? 0;
  const refMax = type === 'image' ? Math.min(LIMITS.imageReferenceImages, model.reference_images_max) : model.reference_images_max;
  if (refs > refMax) {
    return { field: 'options.reference_images', code: 'too_many_references', model: model.id, max: refMax };
  }
  if (o.hd === true && !model.supports_hd) {
    return { field: 'options.hd', code: 'no_hd', model: model.id };
  }
  if (o.generate_audio === true && !model.supports_audio) {
    return { field: 'options.generate_audio', code: 'no_audio', model: model.id };
  }
  // mode-dependent required inputs
  if (type === 'talk' && !o.audio_url) return { field: 'options.audio_url', code: 'needs_audio', for: 'talk' };
  if (mode === 'lipsync' && !o.audio_url) return { field: 'options.audio_url', code: 'needs_audio', for: 'lipsync' };
  if (mode === 'edit' && type === 'image' && !o.input_image) return { field: 'options.input_image', code: 'needs_input_image' };
  if (type === 'image' && mode === 'remix' && !o.input_image && refs === 0)
    return { field: 'options.input_image', code: 'needs_image_or_reference' };
  if (type === 'video' && (mode === 'remix' || mode === 'edit' || mode === 'extend') && !o.reference_video)
    return { field: 'options.reference_video', code: 'needs_reference_video', mode };
  return null;
}
