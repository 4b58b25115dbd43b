/**
 * The choices a voice and its speech take (spec 4.4, 4.5), as plain lists. The schemas (voices.ts,
 * audio.ts) are built from these, and a page that only shows the choices needs no schema.
 */
export const VOICE_MODELS = ['voice-model-a', 'voice-model-b'] as const;
export const EMOTIONS = ['auto', 'neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;

export function isEmotion(value: string): value is (typeof EMOTIONS)[number] {
  return (EMOTIONS as readonly string[]).includes(value);
}

/** spec 4.5: fields that only voice-model-b accepts. */
export const MODEL_B_FIELDS = [
  'speaker',
  'voice_description',
  'style_instruction',
  'reference_audio',
  'reference_text',
  'language',
] as const;
