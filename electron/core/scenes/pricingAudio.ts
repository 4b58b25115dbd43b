import { randomUUID } from 'node:crypto';
import { PRICING_AUDIO, PricingAudio, silentWav } from '../../../shared/pricing/audioPricing.ts';
import type { SceneParts, SceneServices } from './sceneServices.ts';

const uploads = new WeakMap<SceneServices, PricingAudio>();

/**
 * The sound a talk clip is quoted with before its speech exists (shared/pricing/audioPricing.ts):
 * the silence uploaded once per connection, or, where the service takes no uploads, a finished
 * speech track of the library.
 */
export async function pricingAudioUrl(parts: SceneParts): Promise<string | null> {
  const { services } = parts;
  let audio = uploads.get(services);
  if (!audio) uploads.set(services, (audio = new PricingAudio(() => upload(services))));
  return (await audio.url()) ?? parts.renders.readyAudioUrl();
}

async function upload(services: SceneServices): Promise<string | null> {
  if (services.facts.uploads === 'not_offered') return null;
  try {
    const uploaded = await services.api.upload(silentWav(), PRICING_AUDIO.contentType, randomUUID(), services.facts.uploadPath());
    return uploaded.url;
  } catch {
    return null;
  }
}
