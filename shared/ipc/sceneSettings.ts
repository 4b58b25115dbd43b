/** The frame shapes a scene renders in. */
export const SCENE_ASPECTS = ['16:9', '9:16', '1:1'] as const;
