/**
 * A talk clip whose speech the queue makes first cannot be quoted with its real audio: that audio
 * does not exist yet. Its price depends on the clip (duration, quality), not on the sound, so it is
 * quoted with a short silent WAV the service already holds for this account, uploaded once per
 * connection. The quote only prices; the queue quotes the real clip again when its speech is ready
 * (a dependent step is always quoted again).
 */
export const PRICING_AUDIO = { fileName: 'price-check-silence.wav', contentType: 'audio/wav' } as const;

const SAMPLE_RATE = 8000;
/** 0.1 s. */
const SAMPLES = 800;
const BYTES_PER_SAMPLE = 2;
const HEADER_BYTES = 44;

/** 0.1 s of 8 kHz, 16-bit mono silence, as a WAV file. */
export function silentWav(): Uint8Array {
  const data = SAMPLES * BYTES_PER_SAMPLE;
  const bytes = new Uint8Array(HEADER_BYTES + data);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * BYTES_PER_SAMPLE, true);
  view.setUint16(32, BYTES_PER_SAMPLE, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, data, true);
  return bytes;
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
