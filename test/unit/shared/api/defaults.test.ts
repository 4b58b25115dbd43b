import { describe, expect, it } from 'vitest';
import {
  CharacterParameters,
  CloneVoiceRequest,
  CreateAudioRequest,
  CreateGenerationRequest,
  DEFAULT_CAPABILITIES,
  VoiceListQuery,
  defaultAudioName,
  resolveGeneration,
  type GenerationOptions,
} from '../../../../shared/api/index.ts';

const character_id = '6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const audio = 'https://127.0.0.1:8443/cdn/abc.wav';

function resolved(type: 'image' | 'video' | 'talk', options: GenerationOptions = {}) {
  const req = CreateGenerationRequest.parse({ character_id, type, prompt: 'p', options });
  const result = resolveGeneration(req, DEFAULT_CAPABILITIES);
  if (!result.ok) throw new Error(JSON.stringify(result.issue));
  return result.value;
}

describe('spec 2.2 and 4 defaults', () => {
  it('spec 2.2: creationType defaults to human and artStyle to hyper-realistic', () => {
    expect(CharacterParameters.parse({})).toEqual({ creationType: 'human', artStyle: 'hyper-realistic' });
  });

  it('spec 4.2: an image defaults to 9:16, editorial, not hd, generate mode, no reference images, the default model', () => {
    const r = resolved('image');
    expect(r.model).toBe('image-model-a');
    expect(r.options).toMatchObject({ aspect_ratio: '9:16', style: 'editorial', hd: false, image_mode: 'generate', reference_images: [] });
  });

  it('spec 4.2: a video defaults to 16:9, 5 seconds, pro, create mode, medium motion', () => {
    expect(resolved('video').options).toMatchObject({
      aspect_ratio: '16:9',
      duration: 5,
      quality: 'pro',
      video_mode: 'create',
      motion_intensity: 'medium',
    });
  });

  it('spec 4.2: include_character and generate_audio are model-dependent', () => {
    const a = resolveGeneration(
      CreateGenerationRequest.parse({ character_id, type: 'video', prompt: 'p', model: 'video-model-a' }),
      DEFAULT_CAPABILITIES,
    );
    const b = resolveGeneration(
      CreateGenerationRequest.parse({ character_id, type: 'video', prompt: 'p', model: 'video-model-b' }),
      DEFAULT_CAPABILITIES,
    );
    expect(a.ok && a.value.options).toMatchObject({ generate_audio: true, include_character: true });
    expect(b.ok && b.value.options).toMatchObject({ generate_audio: false, include_character: false });
  });

  it('spec 4.2: video remix defaults to editorial style, image orientation, not keeping the original sound', () => {
    const r = resolved('video', { video_mode: 'remix', reference_video: 'https://127.0.0.1:8443/cdn/v.mp4' });
    expect(r.options).toMatchObject({ style: 'editorial', character_orientation: 'image', keep_original_sound: false });
  });

  it('spec 4.2: lipsync defaults to avatar-model-a', () => {
    expect(resolved('video', { video_mode: 'lipsync', audio_url: audio }).options.lipsync_model).toBe('avatar-model-a');
  });

  it('spec 4.2: a talk clip defaults to 10 seconds, pro quality and a neutral expression', () => {
    expect(resolved('talk', { audio_url: audio }).options).toMatchObject({ duration: 10, quality: 'pro', expression: 'neutral' });
  });

  it('spec 4.4: voices are cloned with voice-model-a in voice_clone mode by default', () => {
    expect(CloneVoiceRequest.parse({ name: 'V', source_url: audio })).toMatchObject({ model: 'voice-model-a', setup_mode: 'voice_clone' });
  });

  it('spec 4.4: the voices list includes presets by default and presets=false excludes them', () => {
    expect(VoiceListQuery.parse({}).presets).toBe(true);
    expect(VoiceListQuery.parse({ presets: 'false' }).presets).toBe(false);
  });

  it('spec 4.5: audio emotion defaults to auto and the name to "Audio YYYY-MM-DD"', () => {
    expect(CreateAudioRequest.parse({ voice_id: character_id, text: 'hi' }).emotion).toBe('auto');
    expect(defaultAudioName(new Date('2026-11-21T10:00:00Z'))).toBe('Audio 2026-11-21');
  });
});

describe('mode-dependent inputs (spec 4.2 options table)', () => {
  const fails = (type: 'image' | 'video' | 'talk', options: GenerationOptions) => {
    const r = resolveGeneration(CreateGenerationRequest.parse({ character_id, type, prompt: 'p', options }), DEFAULT_CAPABILITIES);
    return r.ok ? null : r.issue.field;
  };
  it('a talk clip needs audio_url', () => expect(fails('talk', {})).toBe('options.audio_url'));
  it('lipsync needs audio_url', () => expect(fails('video', { video_mode: 'lipsync' })).toBe('options.audio_url'));
  it('image edit needs input_image', () => expect(fails('image', { image_mode: 'edit' })).toBe('options.input_image'));
  it('video remix and edit need reference_video', () => {
    expect(fails('video', { video_mode: 'remix' })).toBe('options.reference_video');
    expect(fails('video', { video_mode: 'edit' })).toBe('options.reference_video');
  });
  it('an option that does not apply to the type is refused by name', () =>
    expect(fails('image', { duration: 5 })).toBe('options.duration'));
  it('a voice design needs a description, a clone needs source_url', () => {
    expect(CloneVoiceRequest.safeParse({ name: 'V', setup_mode: 'voice_design' }).success).toBe(false);
    expect(CloneVoiceRequest.safeParse({ name: 'V', setup_mode: 'voice_design', description: 'warm and low' }).success).toBe(true);
    expect(CloneVoiceRequest.safeParse({ name: 'V' }).success).toBe(false);
  });
});
