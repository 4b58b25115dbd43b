import { describe, expect, it } from 'vitest';
import {
  AccountResponse,
  AudioStatus,
  CharacterOrientation,
  CharacterStatus,
  CreateCharacterRequest,
  CreateGenerationRequest,
  CreationType,
  ERROR_STATUS,
  Emotion,
  ErrorBody,
  GenerationList,
  GenerationResponse,
  GenerationStatus,
  ImageMode,
  LipsyncModel,
  ListGenerationType,
  MotionIntensity,
  Quality,
  QuoteApprovalState,
  Scope,
  SetupMode,
  VideoMode,
  VoiceList,
  VoiceModel,
  VoiceStatus,
  errorBody,
  isTerminal,
} from '../../../../shared/api/index.ts';

describe('spec 3 states', () => {
  it('spec 3: character states are generating, ready, failed', () =>
    expect(CharacterStatus.options).toEqual(['generating', 'ready', 'failed']));
  it('spec 3: generation states are pending, processing, completed, failed', () =>
    expect(GenerationStatus.options).toEqual(['pending', 'processing', 'completed', 'failed']));
  it('spec 3: voice and audio track states are processing, ready, failed', () => {
    expect(VoiceStatus.options).toEqual(['processing', 'ready', 'failed']);
    expect(AudioStatus.options).toEqual(['processing', 'ready', 'failed']);
  });
  it('spec 3: quote approval states are pending, approved, rejected, revoked', () =>
    expect(QuoteApprovalState.options).toEqual(['pending', 'approved', 'rejected', 'revoked']));
  it('spec 3: clients poll until the terminal states', () => {
    expect(isTerminal('character', 'ready') && isTerminal('character', 'failed') && !isTerminal('character', 'generating')).toBe(true);
    expect(isTerminal('generation', 'completed') && isTerminal('generation', 'failed') && !isTerminal('generation', 'pending')).toBe(true);
    expect(isTerminal('voice', 'ready') && !isTerminal('voice', 'processing')).toBe(true);
    expect(isTerminal('audio', 'failed') && !isTerminal('audio', 'processing')).toBe(true);
  });
});

describe('spec 2 and 4 enums', () => {
  const cases: [string, { options: readonly string[] }, string[]][] = [
    ['spec 2.2 creationType', CreationType, ['human', 'fantasy', 'prompt', 'image']],
    ['spec 4.2 image_mode', ImageMode, ['generate', 'remix', 'edit']],
    ['spec 4.2 video_mode', VideoMode, ['create', 'extend', 'remix', 'edit', 'lipsync']],
    ['spec 4.2 lipsync_model', LipsyncModel, ['avatar-model-a', 'avatar-model-b', 'lipsync-model-c']],
    ['spec 4.2 motion_intensity', MotionIntensity, ['low', 'medium', 'high']],
    ['spec 4.2 character_orientation', CharacterOrientation, ['image', 'video']],
    ['spec 4.2 quality', Quality, ['standard', 'pro']],
    ['spec 4.2 list type filter', ListGenerationType, ['image', 'video', 'talk', 'character_create']],
    ['spec 4.4 voice model', VoiceModel, ['voice-model-a', 'voice-model-b']],
    ['spec 4.4 setup_mode', SetupMode, ['voice_clone', 'voice_design']],
    ['spec 4.5 emotion', Emotion, ['auto', 'neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised']],
    ['spec 5.3 scopes', Scope, ['characters:write', 'images:generate', 'videos:generate', 'speech:generate', 'voices:write']],
  ];
  for (const [name, schema, values] of cases) {
    it(`${name} has exactly the stated values`, () => expect([...schema.options]).toEqual(values));
  }

  it('spec 4.2: a generation type outside image, video, talk is refused', () => {
    const base = { character_id: '6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f', prompt: 'p' };
    expect(CreateGenerationRequest.safeParse({ ...base, type: 'talk' }).success).toBe(true);
    expect(CreateGenerationRequest.safeParse({ ...base, type: 'character_create' }).success).toBe(false);
  });

  it('request schemas are strict: an unknown field is refused', () => {
    expect(CreateCharacterRequest.safeParse({ name: 'A', parameters: {}, nickname: 'x' }).success).toBe(false);
    expect(CreateCharacterRequest.safeParse({ name: 'A', parameters: { hairColor: 'red' } }).success).toBe(false);
  });

  it('spec 4: URL fields accept HTTPS only', () => {
    expect(
      CreateCharacterRequest.safeParse({ name: 'A', parameters: {}, reference_image_urls: ['http://127.0.0.1/cdn/a.png'] }).success,
    ).toBe(false);
  });
});

describe('spec 5 and 7 errors', () => {
  const stated: [string, number][] = [
    ['missing_api_key', 401],
    ['invalid_api_key', 401],
    ['expired_api_key', 401],
    ['plan_required', 403],
    ['webhook_delivery_unavailable', 503],
    ['invalid_filter', 400],
  ];
  for (const [code, status] of stated) {
    it(`spec 7: ${code} answers ${status}`, () => expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(status));
  }
  it('spec 7: invalid_cursor has a status (decision: 400)', () => expect(ERROR_STATUS.invalid_cursor).toBe(400));
  it('decision: every error has one body shape', () => {
    expect(ErrorBody.safeParse(errorBody('invalid_filter', 'The type filter is empty.', 'type')).success).toBe(true);
  });
});

describe('response schemas tolerate fields the spec does not show', () => {
  const uuid = '6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
  const now = '2026-11-21T10:00:00.000Z';
  it('spec 2.7: account with subscription null for free users, plus an unknown field', () => {
    const body = {
      data: { id: uuid, email: 'a@b.c', name: 'A', avatar_url: '', credits: { balance: 3 }, subscription: null, created_at: now, extra: 1 },
    };
    expect(AccountResponse.safeParse(body).success).toBe(true);
  });
  it('spec 2.3: a completed generation carries output.url and output.thumbnail_url', () => {
    const body = {
      data: {
        id: uuid,
        type: 'image',
        status: 'completed',
        prompt: 'p',
        character_id: uuid,
        credits_used: 2,
        completed_at: now,
        error_message: null,
        output: { url: 'https://x/a.png', thumbnail_url: 'https://x/a.jpg' },
        hidden: true,
      },
    };
    expect(GenerationResponse.safeParse(body).success).toBe(true);
  });
  it('decision: list envelopes carry meta.has_more and meta.next_cursor', () => {
    expect(GenerationList.safeParse({ data: [], meta: { has_more: false, next_cursor: null } }).success).toBe(true);
    expect(GenerationList.safeParse({ data: [] }).success).toBe(false);
  });
  it('spec 4.4: the voices list has data.voices, data.presets and meta.has_more', () => {
    expect(VoiceList.safeParse({ data: { voices: [], presets: [] }, meta: { has_more: false } }).success).toBe(true);
  });
});
