import { randomUUID } from 'node:crypto';
import type { SceneParts, SceneServices } from './sceneServices.ts';

const asked = new WeakMap<SceneServices, Promise<string | null>>();

/**
 * A talk clip whose speech is not made yet cannot be quoted with its real audio. Its price depends
 * on the clip (duration, quality), not on the sound, so it is quoted with a sound the service
 * already holds for this account: 0.1 s of silence uploaded once per connection, or, where the
 * service takes no uploads, a finished speech track of the library. The queue quotes the real clip
 * again when its speech is ready (a dependent step is always quoted again).
 */
export function pricingAudioUrl(parts: SceneParts): Promise<string | null> {
  const { services } = parts;
  let pending = asked.get(services);
  if (!pending) {
    pending = upload(services).then((url) => {
      if (url === null) asked.delete(services);
      return url ?? parts.renders.readyAudioUrl();
    });
    asked.set(services, pending);
  }
  return pending;
}

async function upload(services: SceneServices): Promise<string | null> {
  if (services.facts.uploads === 'not_offered') return null;
  try {
    const uploaded = await services.api.upload(silentWav(), 'audio/wav', randomUUID(), services.facts.uploadPath());
    return uploaded.url;
  } catch {
    return null;
  }
}

/** 0.1 s of 8 kHz, 16-bit mono silence. */
function silentWav(): Uint8Array {
  const samples = 800;
  const data = samples * 2;
  const bytes = Buffer.alloc(44 + data);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + data, 4);
  bytes.write('WAVE', 8, 'ascii');
  bytes.write('fmt ', 12, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(16000, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(data, 40);
  return bytes;
}
