/**
 * spec 4.2 option enums: the values each generation option takes, as plain lists. The schemas
 * (catalog.ts) are built from these, and a page that only shows the choices needs no schema.
 */
export const ASPECT_RATIOS = ['1:1', '9:16', '16:9', '4:3', '3:4', '4:5', '21:9'] as const;
export const QUALITIES = ['standard', 'pro'] as const;
export const IMAGE_MODES = ['generate', 'remix', 'edit'] as const;
export const VIDEO_MODES = ['create', 'extend', 'remix', 'edit', 'lipsync'] as const;
export const LIPSYNC_MODELS = ['avatar-model-a', 'avatar-model-b', 'lipsync-model-c'] as const;
export const MOTION_INTENSITIES = ['low', 'medium', 'high'] as const;
export const CHARACTER_ORIENTATIONS = ['image', 'video'] as const;

export function isQuality(value: string): value is (typeof QUALITIES)[number] {
  return (QUALITIES as readonly string[]).includes(value);
}
