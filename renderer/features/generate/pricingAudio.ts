import { PRICING_AUDIO, PricingAudio, silentWav } from '../../../shared/pricing/audioPricing.ts';
import { invoke } from '../../bridge/invoke.ts';

/** The panel's pricing audio (shared/pricing/audioPricing.ts says why a talk clip is quoted with it), once per session. */
const audio = new PricingAudio(upload);

export function pricingAudioUrl(): Promise<string | null> {
  return audio.url();
}

async function upload(): Promise<string | null> {
  const reply = await invoke('uploads.create', { ...PRICING_AUDIO, dataBase64: base64(silentWav()) });
  return reply.ok ? reply.value.url : null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** For tests that start a fresh session. */
export function forgetPricingAudio(): void {
  audio.forget();
}
