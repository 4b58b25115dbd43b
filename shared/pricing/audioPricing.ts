import { encodeWav } from '../media/wav.ts';

/**
 * A talk clip whose speech the queue makes first cannot be quoted with its real audio: that audio
 * does not exist yet. Its price depends on the clip (duration, quality), not on the sound, so it is
 * quoted with a short silent WAV the service already holds for this account, uploaded once per
 * connection. The quote only prices; the queue quotes the real clip again when its speech is ready
 * (a dependent step is always quoted again).
 */
export const PRICING_AUDIO = { fileName: 'price-check-silence.wav', contentType: 'audio/wav' } as const;

/** 0.1 s of 8 kHz, 16-bit mono silence, as a WAV file. */
export function silentWav(): Uint8Array {
  return new Uint8Array(encodeWav([new Float32Array(800)], 8000));
}

/**
 * The pricing audio's address, uploaded once and shared by every quote while it stands; an upload
 * that gave nothing (null) is tried again by the next quote rather than remembered.
 */
export class PricingAudio {
  private readonly upload: () => Promise<string | null>;
  private pending: Promise<string | null> | null = null;

  constructor(upload: () => Promise<string | null>) {
    this.upload = upload;
  }

  url(): Promise<string | null> {
    this.pending ??= this.upload().then((url) => {
      if (url === null) this.pending = null;
      return url;
    });
    return this.pending;
  }

  /** A new connection (or a test's fresh session) uploads its own. */
  forget(): void {
    this.pending = null;
  }
}
