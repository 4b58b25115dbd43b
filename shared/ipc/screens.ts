/** The app's screens, in the navigation's order. Plain (no zod): the renderer reads it too. */
export const SCREENS = ['studio', 'gallery', 'voices', 'scenes', 'credits', 'queue', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];
