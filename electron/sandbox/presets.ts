/**
 * System voice presets (spec 2.4, 4.4): fixed ids, distinct names, always ready, owned by nobody.
 * Their synthesis parameters are fixed here; clones get theirs from the renderer's analysis.
 * Each one's spoken preview is rendered once in the background (voicePreviews.ts).
 */
export type Preset = {
  id: string;
  name: string;
  description: string;
  model: 'voice-model-a' | 'voice-model-b';
  params: { pitch: number; speed: number; variant: string };
};

export const PRESETS: readonly Preset[] = [
  {
    id: '5b0e3c1a-1f6e-4c47-9a57-1d2f0a6b7c01',
    name: 'Aria',
    description: 'Warm, clear narrator voice.',
    model: 'voice-model-a',
    params: { pitch: 1.2, speed: 1.0, variant: 'aria' },
  },
  {
    id: '5b0e3c1a-1f6e-4c47-9a57-1d2f0a6b7c02',
    name: 'Basil',
    description: 'Deep, calm storyteller.',
    model: 'voice-model-a',
    params: { pitch: 0.8, speed: 0.95, variant: 'basil' },
  },
  {
    id: '5b0e3c1a-1f6e-4c47-9a57-1d2f0a6b7c03',
    name: 'Cleo',
    description: 'Bright, energetic presenter.',
    model: 'voice-model-b',
    params: { pitch: 1.3, speed: 1.1, variant: 'cleo' },
  },
  {
    id: '5b0e3c1a-1f6e-4c47-9a57-1d2f0a6b7c04',
    name: 'Dorian',
    description: 'Gravelly, dramatic character voice.',
    model: 'voice-model-b',
    params: { pitch: 0.7, speed: 0.9, variant: 'dorian' },
  },
  {
    id: '5b0e3c1a-1f6e-4c47-9a57-1d2f0a6b7c05',
    name: 'Esme',
    description: 'Soft, friendly conversational voice.',
    model: 'voice-model-a',
    params: { pitch: 1.1, speed: 1.0, variant: 'esme' },
  },
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** A preset as the API shows it; `previewUrl` is null until its preview is rendered (voicePreviews.ts). */
export function presetJson(p: Preset, previewUrl: string | null): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    status: 'ready',
    source_type: 'preset',
    description: p.description,
    model: p.model,
    preview_url: previewUrl,
    owner: 'system',
    error_message: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}
