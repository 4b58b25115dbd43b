import { describe, expect, it } from 'vitest';
import {
  ApiKeyText,
  AudioListQuery,
  CloneVoiceRequest,
  CreateAudioRequest,
  CreateCharacterRequest,
  CreateGenerationRequest,
  DEFAULT_CAPABILITIES,
  LIMITS,
  VoiceListQuery,
  resolveGeneration,
  type CreateGenerationRequest as GenerationRequest,
} from '../../../../shared/api/index.ts';

const characterId = '6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const cdn = (n: number) => `https://127.0.0.1:8443/cdn/${n.toString(16).padStart(64, '0')}.png`;
const text = (n: number) => 'x'.repeat(n);

function generation(extra: Partial<GenerationRequest>): unknown {
  return { character_id: characterId, type: 'image', prompt: 'a portrait', ...extra };
}

function resolves(req: unknown): boolean {
  const parsed = CreateGenerationRequest.safeParse(req);
  return parsed.success && resolveGeneration(parsed.data, DEFAULT_CAPABILITIES).ok;
}

describe('spec 8 limits, at the edge and one past', () => {
  it('spec 2.1/8: an API key is sk_live_ followed by exactly 64 hex characters', () => {
    expect(ApiKeyText.safeParse(`sk_live_${'a'.repeat(64)}`).success).toBe(true);
    expect(ApiKeyText.safeParse(`sk_live_${'a'.repeat(63)}`).success).toBe(false);
    expect(ApiKeyText.safeParse(`sk_live_${'a'.repeat(65)}`).success).toBe(false);
    expect(ApiKeyText.safeParse(`sk_live_${'g'.repeat(64)}`).success).toBe(false);
    expect(ApiKeyText.safeParse(`sk_test_${'a'.repeat(64)}`).success).toBe(false);
  });

  it('spec 8: active API keys are limited to 10 per user', () => {
    expect(LIMITS.activeApiKeysPerUser).toBe(10);
  });

  it('spec 8: a character name is 1-100 characters', () => {
    const ok = (name: string) => CreateCharacterRequest.safeParse({ name, parameters: {} }).success;
    expect(ok(text(1))).toBe(true);
    expect(ok(text(100))).toBe(true);
    expect(ok('')).toBe(false);
    expect(ok(text(101))).toBe(false);
  });

  it('spec 8: a character takes up to 4 reference images', () => {
    const ok = (n: number) =>
      CreateCharacterRequest.safeParse({ name: 'A', parameters: {}, reference_image_urls: Array.from({ length: n }, (_, i) => cdn(i)) })
        .success;
    expect(ok(4)).toBe(true);
    expect(ok(5)).toBe(false);
  });

  it('spec 8: a generation prompt is 1-2000 characters', () => {
    expect(CreateGenerationRequest.safeParse(generation({ prompt: text(1) })).success).toBe(true);
    expect(CreateGenerationRequest.safeParse(generation({ prompt: text(2000) })).success).toBe(true);
    expect(CreateGenerationRequest.safeParse(generation({ prompt: '' })).success).toBe(false);
    expect(CreateGenerationRequest.safeParse(generation({ prompt: text(2001) })).success).toBe(false);
  });

  it('spec 8: generation duration has a ceiling of 1-15 seconds', () => {
    const ok = (duration: number) => CreateGenerationRequest.safeParse(generation({ type: 'video', options: { duration } })).success;
    expect(ok(1)).toBe(true);
    expect(ok(15)).toBe(true);
    expect(ok(0)).toBe(false);
    expect(ok(16)).toBe(false);
  });

  it('spec 8: each model narrows the duration (video-model-a makes at most 10 s)', () => {
    expect(resolves(generation({ type: 'video', model: 'video-model-a', options: { duration: 10 } }))).toBe(true);
    expect(resolves(generation({ type: 'video', model: 'video-model-a', options: { duration: 11 } }))).toBe(false);
    expect(resolves(generation({ type: 'video', model: 'video-model-b', options: { duration: 15 } }))).toBe(true);
  });

  it('spec 8: an image takes at most 3 reference images', () => {
    const refs = (n: number) => Array.from({ length: n }, (_, i) => cdn(i));
    expect(resolves(generation({ options: { reference_images: refs(3) } }))).toBe(true);
    expect(resolves(generation({ options: { reference_images: refs(4) } }))).toBe(false);
  });

  it('spec 8: video reference images are model-specific, up to 10', () => {
    const refs = (n: number) => Array.from({ length: n }, (_, i) => cdn(i));
    expect(resolves(generation({ type: 'video', model: 'video-model-b', options: { reference_images: refs(10) } }))).toBe(true);
    expect(CreateGenerationRequest.safeParse(generation({ type: 'video', options: { reference_images: refs(11) } })).success).toBe(false);
    expect(resolves(generation({ type: 'video', model: 'video-model-a', options: { reference_images: refs(4) } }))).toBe(true);
    expect(resolves(generation({ type: 'video', model: 'video-model-a', options: { reference_images: refs(5) } }))).toBe(false);
  });

  it('spec 8: a voice name is 1-100 characters and a description at most 500', () => {
    const ok = (name: string, description?: string) =>
      CloneVoiceRequest.safeParse({ name, source_url: cdn(1), ...(description === undefined ? {} : { description }) }).success;
    expect(ok(text(1))).toBe(true);
    expect(ok(text(100))).toBe(true);
    expect(ok('')).toBe(false);
    expect(ok(text(101))).toBe(false);
    expect(ok('Ana', text(500))).toBe(true);
    expect(ok('Ana', text(501))).toBe(false);
  });

  it('spec 8: the voices list limit is 1-100 owned/team voices per page', () => {
    expect(VoiceListQuery.safeParse({ limit: '1' }).success).toBe(true);
    expect(VoiceListQuery.safeParse({ limit: '100' }).success).toBe(true);
    expect(VoiceListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(VoiceListQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('spec 8: audio text is 1-5000 characters and a track name at most 200', () => {
    const voice_id = characterId;
    expect(CreateAudioRequest.safeParse({ voice_id, text: text(1) }).success).toBe(true);
    expect(CreateAudioRequest.safeParse({ voice_id, text: text(5000) }).success).toBe(true);
    expect(CreateAudioRequest.safeParse({ voice_id, text: '' }).success).toBe(false);
    expect(CreateAudioRequest.safeParse({ voice_id, text: text(5001) }).success).toBe(false);
    expect(CreateAudioRequest.safeParse({ voice_id, text: 'hi', name: text(200) }).success).toBe(true);
    expect(CreateAudioRequest.safeParse({ voice_id, text: 'hi', name: text(201) }).success).toBe(false);
  });

  it('decision: list pages hold 1-100 items', () => {
    expect(AudioListQuery.safeParse({ limit: '100' }).success).toBe(true);
    expect(AudioListQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
