import type { IntlShape } from 'react-intl';
import type { GenerationOptionKey, GenerationType, ModelInfo } from '../../../shared/api/index.ts';
import { GENERATION_DEFAULTS, LIMITS } from '../../../shared/api/limits.ts';
import {
  ASPECT_RATIOS,
  CHARACTER_ORIENTATIONS,
  IMAGE_MODES,
  LIPSYNC_MODELS,
  MOTION_INTENSITIES,
  QUALITIES,
  VIDEO_MODES,
} from '../../../shared/api/optionValues.ts';
import { OPTIONS_BY_TYPE } from '../../../shared/api/resolveGeneration.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

/** Options the user sets with a control; the media options come from attachments. */
export type ScalarOptionKey = Exclude<GenerationOptionKey, MediaOptionKey>;
export type MediaOptionKey = 'reference_images' | 'input_image' | 'reference_video' | 'start_frame' | 'audio_url';
export const MEDIA_OPTION_KEYS: readonly MediaOptionKey[] = [
  'reference_images',
  'input_image',
  'reference_video',
  'start_frame',
  'audio_url',
];

export type OptionValues = {
  aspect_ratio: string;
  style: string;
  hd: boolean;
  duration: number;
  quality: string;
  /** null: the model's default (spec 4.2 "model-dependent"). */
  generate_audio: boolean | null;
  include_character: boolean | null;
  image_mode: string;
  video_mode: string;
  lipsync_model: string;
  motion_intensity: string;
  character_orientation: string;
  keep_original_sound: boolean;
  expression: string;
};

const D = GENERATION_DEFAULTS;

/** spec 4.2 defaults per type; what the form shows before the user changes anything. */
export function defaultValues(type: GenerationType): OptionValues {
  return {
    aspect_ratio: type === 'video' ? D.videoAspectRatio : D.imageAspectRatio,
    style: D.style,
    hd: D.hd,
    duration: type === 'talk' ? D.talkDuration : D.videoDuration,
    quality: D.quality,
    generate_audio: null,
    include_character: null,
    image_mode: D.imageMode,
    video_mode: D.videoMode,
    lipsync_model: D.lipsyncModel,
    motion_intensity: D.motionIntensity,
    character_orientation: D.characterOrientation,
    keep_original_sound: D.keepOriginalSound,
    expression: D.expression,
  };
}

export function modeOf(type: GenerationType, values: OptionValues): string {
  return type === 'image' ? values.image_mode : type === 'video' ? values.video_mode : 'talk';
}

/**
 * The options that apply to this type and mode (spec 4.2 "Applies to"), in the order the panel
 * shows them. Always a subset of OPTIONS_BY_TYPE, which the service checks.
 */
export function applicableOptions(type: GenerationType, mode: string): GenerationOptionKey[] {
  let keys: GenerationOptionKey[];
  if (type === 'image') {
    keys = ['image_mode', 'aspect_ratio', 'style', 'hd', 'include_character', 'reference_images'];
    if (mode === 'edit' || mode === 'remix') keys.splice(1, 0, 'input_image');
  } else if (type === 'video') {
    keys = ['video_mode'];
    if (mode === 'remix' || mode === 'edit' || mode === 'extend') keys.push('reference_video');
    if (mode === 'lipsync') keys.push('audio_url', 'lipsync_model');
    keys.push('aspect_ratio', 'duration', 'quality');
    if (mode === 'create') keys.push('motion_intensity');
    if (mode === 'remix') keys.push('style', 'character_orientation');
    if (mode === 'remix' || mode === 'edit') keys.push('keep_original_sound');
    keys.push('generate_audio', 'include_character', 'start_frame', 'reference_images');
  } else {
    keys = ['audio_url', 'duration', 'quality', 'expression', 'start_frame'];
  }
  const allowed = OPTIONS_BY_TYPE[type];
  return keys.filter((key) => allowed.includes(key));
}

/** Inputs a mode cannot go without (spec 4.2: "fields that a mode requires"). */
export function requiredMedia(type: GenerationType, mode: string): MediaOptionKey[] {
  if (type === 'talk') return ['audio_url'];
  if (type === 'image' && mode === 'edit') return ['input_image'];
  if (type === 'video' && (mode === 'remix' || mode === 'edit' || mode === 'extend')) return ['reference_video'];
  if (type === 'video' && mode === 'lipsync') return ['audio_url'];
  return [];
}

export function isMediaOption(key: GenerationOptionKey): key is MediaOptionKey {
  return (MEDIA_OPTION_KEYS as readonly string[]).includes(key);
}

/** How many reference images the model takes (spec 4.2 and 8: image at most 3, video per model up to 10). */
export function referenceImagesMax(type: GenerationType, model: ModelInfo | undefined): number {
  if (!model) return type === 'image' ? LIMITS.imageReferenceImages : LIMITS.videoReferenceImagesCeiling;
  return type === 'image'
    ? Math.min(LIMITS.imageReferenceImages, model.reference_images_max)
    : Math.min(LIMITS.videoReferenceImagesCeiling, model.reference_images_max);
}

export function durationRange(model: ModelInfo | undefined): { min: number; max: number } {
  const ceiling = LIMITS.generationDuration;
  if (!model?.duration) return { min: ceiling.min, max: ceiling.max };
  return { min: Math.max(ceiling.min, model.duration.min), max: Math.min(ceiling.max, model.duration.max) };
}

export type OptionPresentation = { label: MessageId; hint?: MessageId };

/** Each option's name and hint, as catalog ids. */
export const OPTION_LABELS: Record<GenerationOptionKey, OptionPresentation> = {
  aspect_ratio: { label: 'generate.option.aspectRatio' },
  style: { label: 'generate.option.style', hint: 'generate.option.style.hint' },
  hd: { label: 'generate.option.hd', hint: 'generate.option.hd.hint' },
  duration: { label: 'generate.option.duration' },
  quality: { label: 'generate.option.quality' },
  generate_audio: { label: 'generate.option.generateAudio', hint: 'generate.option.generateAudio.hint' },
  include_character: { label: 'generate.option.includeCharacter', hint: 'generate.option.includeCharacter.hint' },
  image_mode: { label: 'generate.option.imageMode' },
  video_mode: { label: 'generate.option.videoMode' },
  lipsync_model: { label: 'generate.option.lipsyncModel' },
  motion_intensity: { label: 'generate.option.motionIntensity' },
  character_orientation: { label: 'generate.option.characterOrientation', hint: 'generate.option.characterOrientation.hint' },
  keep_original_sound: { label: 'generate.option.keepOriginalSound' },
  reference_video: { label: 'generate.option.referenceVideo', hint: 'generate.option.referenceVideo.hint' },
  start_frame: { label: 'generate.option.startFrame', hint: 'generate.option.startFrame.hint' },
  input_image: { label: 'generate.option.inputImage', hint: 'generate.option.inputImage.hint' },
  audio_url: { label: 'generate.option.audioUrl', hint: 'generate.option.audioUrl.hint' },
  expression: { label: 'generate.option.expression' },
  reference_images: { label: 'generate.option.referenceImages' },
};

/** An option's name and hint in the studio's language. */
export function optionWords(intl: IntlShape, key: GenerationOptionKey): { label: string; hint?: string } {
  const { label, hint } = OPTION_LABELS[key];
  return { label: intl.formatMessage({ id: label }), ...(hint ? { hint: intl.formatMessage({ id: hint }) } : {}) };
}

/** The modes the panel names by a label of its own; another (`talk`) is the service's word. */
export const MODE_LABELS: Readonly<Record<string, MessageId>> = {
  generate: 'generate.mode.generate',
  remix: 'generate.mode.remix',
  edit: 'generate.mode.edit',
  create: 'generate.mode.create',
  extend: 'generate.mode.extend',
  lipsync: 'generate.mode.lipsync',
};

export function modeLabel(intl: IntlShape, mode: string): string {
  const id = MODE_LABELS[mode];
  return id ? intl.formatMessage({ id }) : mode;
}

export const CHOICES = {
  aspect_ratio: ASPECT_RATIOS,
  quality: QUALITIES,
  image_mode: IMAGE_MODES,
  video_mode: VIDEO_MODES,
  lipsync_model: LIPSYNC_MODELS,
  motion_intensity: MOTION_INTENSITIES,
  character_orientation: CHARACTER_ORIENTATIONS,
} as const;

export const STYLE_SUGGESTIONS = [
  'editorial',
  'cinematic',
  'portrait',
  'fashion',
  'street',
  'studio',
  'anime',
  'noir',
  'vintage film',
] as const;
export const EXPRESSION_SUGGESTIONS = ['neutral', 'happy', 'serious', 'surprised', 'sad', 'excited', 'thoughtful', 'warm'] as const;

/** The type's name on screen, as a catalog id. */
export const TYPE_WORDS: Record<GenerationType, MessageId> = {
  image: 'generate.type.image',
  video: 'generate.type.video',
  talk: 'generate.type.talk',
};
