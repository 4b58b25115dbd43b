import { invoke } from '../../bridge/invoke.ts';

/**
 * A talk clip whose speech the queue makes first cannot be quoted with its real audio: that audio
 * does not exist yet. Its price depends on the clip (duration, quality), not on the sound, so the
 * panel quotes it with a short silent WAV uploaded once per session. The quote only prices; the
 * queue quotes the real clip again when the speech is ready (a dependent step is always requoted).
 */
let pending: Promise<string | null> | null = null;

export function pricingAudioUrl(): Promise<string | null> {
  pending ??= upload().then((url) => {
    if (url === null) pending = null;
    return url;
  });
  return pending;
}

async function upload(): Promise<string | null> {
  const reply = await invoke('uploads.create', {
    fileName: 'price-check-silence.wav',
    contentType: 'audio/wav',
    dataBase64: silentWavBase64(),
  });
  return reply.ok ? reply.value.url : null;
}

/** 0.1 s of 8 kHz, 16-bit mono silence. */
function silentWavBase64(): string {
  const samples = 800;
  const data = samples * 2;
  const buffer = new ArrayBuffer(44 + data);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, data, true);
  let binary = '';
  const bytes = new Uint8Array(buffer);
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** For tests that start a fresh session. */
export function forgetPricingAudio(): void {
  pending = null;
}
