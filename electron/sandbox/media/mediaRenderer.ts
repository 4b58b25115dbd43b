import type { CharacterParameters, GenerationOptions } from '../../../shared/api/index.ts';

/** Bytes of one produced or stored file. */
export type Media = { bytes: Uint8Array; contentType: string };

export type PortraitInput = {
  characterId: string;
  version: number;
  parameters: CharacterParameters;
  /** The edit instruction of a regeneration; empty or absent means a full regeneration. */
  customDetails: string | null;
  referenceImages: Media[];
};

export type PortraitOutput = { headshot: Media; fullbody: Media; headshotThumb: Media; fullbodyThumb: Media };

export type GenerationInput = {
  generationId: string;
  prompt: string;
  model: string;
  /** Options with the spec 4.2 defaults already applied. */
  options: GenerationOptions;
  /** The character's current headshot and full body (PNG). */
  character: { headshot: Media; fullbody: Media; name: string };
  /** URL-carrying options resolved to the stored bytes they point at. */
  assets: {
    referenceImages: Media[];
    inputImage: Media | null;
    startFrame: Media | null;
    referenceVideo: Media | null;
    audio: Media | null;
  };
};

export type RenderedOutput = { output: Media; thumbnail: Media; durationSeconds: number | null };

export type SpeechInput = {
  text: string;
  emotion: string;
  model: string;
  /** The voice's synthesis parameters (presets fixed, clones derived from their sample). */
  voice: { id: string; name: string; pitch: number; speed: number; variant: string };
  language: string | null;
};

export type VoiceSampleInput = { sample: Media | null; description: string | null; name: string };
export type VoiceParameters = { pitch: number; speed: number; variant: string };

/**
 * Everything the sandbox renders. Work runs off the request path (a worker or child process);
 * a thrown error fails the job with its message and refunds the charge.
 */
export interface MediaRenderer {
  portraits(input: PortraitInput): Promise<PortraitOutput>;
  image(input: GenerationInput): Promise<RenderedOutput>;
  video(input: GenerationInput): Promise<RenderedOutput>;
  talk(input: GenerationInput): Promise<RenderedOutput>;
  speech(input: SpeechInput): Promise<RenderedOutput>;
  /** Derives a voice's parameters from a clone sample or a design description. */
  analyzeVoice(input: VoiceSampleInput): Promise<VoiceParameters>;
  close(): Promise<void>;
}
