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

export type OptionPresentation = { label: string; hint?: string };

export const OPTION_LABELS: Record<GenerationOptionKey, OptionPresentation> = {
  aspect_ratio: { label: 'Aspect ratio' },
  style: { label: 'Style', hint: 'A style modifier, such as editorial or cinematic.' },
  hd: { label: 'HD', hint: 'Higher resolution; it may cost more.' },
  duration: { label: 'Duration (seconds)' },
  quality: { label: 'Quality' },
  generate_audio: { label: 'Generate audio', hint: 'Add a sound track where the model can.' },
  include_character: { label: 'Include the character', hint: "Send the character's portraits as the identity reference." },
  image_mode: { label: 'Mode' },
  video_mode: { label: 'Mode' },
  lipsync_model: { label: 'Lipsync model' },
  motion_intensity: { label: 'Motion' },
  character_orientation: { label: 'Character orientation', hint: 'Follow the pose of the character image or of the source video.' },
  keep_original_sound: { label: 'Keep the original sound' },
  reference_video: { label: 'Source video', hint: 'The video to remix, edit or extend. MP4 or WebM.' },
  start_frame: { label: 'Start frame', hint: 'Optional: the first frame of the clip.' },
  input_image: { label: 'Image to transform', hint: 'PNG, JPEG or WebP.' },
  audio_url: { label: 'Audio', hint: 'What the character says.' },
  expression: { label: 'Expression' },
  reference_images: { label: 'Reference images' },
};

const MODE_LABELS: Record<string, string> = {
  generate: 'Generate',
  remix: 'Remix',
  edit: 'Edit',
  create: 'Create',
  extend: 'Extend',
  lipsync: 'Lipsync',
};

export function modeLabel(mode: string): string {
  return MODE_LABELS[mode] ?? mode;
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

export const TYPE_LABELS: Record<GenerationType, string> = { image: 'Image', video: 'Video', talk: 'Talk' };
