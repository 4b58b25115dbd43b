import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES, GENERATION_DEFAULTS, OPTIONS_BY_TYPE } from '../../../../../shared/api/index.ts';
import { buildGeneration, type GenerateForm } from '../../../../../renderer/features/generate/buildGeneration.ts';
import { applicableOptions, defaultValues } from '../../../../../renderer/features/generate/generateOptions.ts';
import type { Attachment } from '../../../../../renderer/stores/attachments.ts';
import { panelIssueText, type PanelIssue } from '../../../../../renderer/features/generate/panelIssues.ts';
import { formatsFor } from '../../../../../renderer/i18n/format.ts';
import { loadMessages } from '../../../../../renderer/i18n/catalogs.ts';
import { setCurrentLocale } from '../../../../../renderer/i18n/currentLocale.ts';

const CHARACTER = '6f1c3a52-7a35-4a53-9a51-0f0d7d0b9c11';
const empty = () => ({ reference_images: [], input_image: [], reference_video: [], start_frame: [], audio_url: [] });

function form(change: Partial<GenerateForm> = {}): GenerateForm {
  return {
    type: 'image',
    models: { image: null, video: null, talk: null },
    prompt: 'On a rooftop at golden hour',
    values: { image: defaultValues('image'), video: defaultValues('video'), talk: defaultValues('talk') },
    media: { image: empty(), video: empty(), talk: empty() },
    audioSource: 'speech',
    audioTrackId: null,
    speech: { voiceId: '', text: '', emotion: 'auto' },
    ...change,
  };
}

/** An issue as the page words it in English. */
const say = (issue: PanelIssue | undefined) => (issue ? panelIssueText(issue, formatsFor('en')) : undefined);

const ready = (url: string): Attachment => ({
  key: url,
  name: 'x.png',
  kind: 'image',
  previewUrl: null,
  mediaId: null,
  state: 'ready',
  progress: 1,
  url,
  error: null,
});

describe('the generate panel request', () => {
  it('shows the spec 4.2 defaults for each type', () => {
    expect(defaultValues('image').aspect_ratio).toBe(GENERATION_DEFAULTS.imageAspectRatio);
    expect(defaultValues('video').aspect_ratio).toBe(GENERATION_DEFAULTS.videoAspectRatio);
    expect(defaultValues('video').duration).toBe(5);
    expect(defaultValues('talk').duration).toBe(10);
  });

  it('offers only options that apply to the type, and the ones each mode brings', () => {
    for (const type of ['image', 'video', 'talk'] as const) {
      for (const mode of ['generate', 'remix', 'edit', 'create', 'extend', 'lipsync', 'talk']) {
        for (const key of applicableOptions(type, mode)) expect(OPTIONS_BY_TYPE[type]).toContain(key);
      }
    }
    expect(applicableOptions('image', 'edit')).toContain('input_image');
    expect(applicableOptions('image', 'generate')).not.toContain('input_image');
    expect(applicableOptions('video', 'remix')).toEqual(
      expect.arrayContaining(['reference_video', 'style', 'character_orientation', 'keep_original_sound']),
    );
    expect(applicableOptions('video', 'create')).toContain('motion_intensity');
    expect(applicableOptions('video', 'lipsync')).toEqual(expect.arrayContaining(['audio_url', 'lipsync_model']));
  });

  it('builds a valid image request with no issue', () => {
    const built = buildGeneration(form(), CHARACTER, DEFAULT_CAPABILITIES, []);
    expect(built.issues).toEqual({});
    expect(built.body).toMatchObject({
      character_id: CHARACTER,
      type: 'image',
      model: 'image-model-a',
      options: { aspect_ratio: '9:16', style: 'editorial', hd: false, image_mode: 'generate' },
    });
  });

  it('asks for the image to transform in edit mode, as the service would', () => {
    const values = { ...defaultValues('image'), image_mode: 'edit' };
    const built = buildGeneration(
      form({ values: { image: values, video: defaultValues('video'), talk: defaultValues('talk') } }),
      CHARACTER,
      DEFAULT_CAPABILITIES,
      [],
    );
    expect(built.issues.input_image).toMatchObject({ code: 'service', issue: { code: 'needs_input_image' } });
    expect(say(built.issues.input_image)).toMatch(/image to transform/);
  });

  it('checks the duration against the model and the reference images against its maximum', () => {
    const video = { ...defaultValues('video'), duration: 12 };
    const tooLong = buildGeneration(
      form({ type: 'video', values: { image: defaultValues('image'), video, talk: defaultValues('talk') } }),
      CHARACTER,
      DEFAULT_CAPABILITIES,
      [],
    );
    expect(say(tooLong.issues.duration)).toMatch(/1 to 10 seconds/);

    const media = {
      ...empty(),
      reference_images: [ready('https://cdn.test/a.png'), ready('https://cdn.test/b.png'), ready('https://cdn.test/c.png')],
    };
    const many = buildGeneration(
      form({ models: { image: 'image-model-b', video: null, talk: null }, media: { image: media, video: empty(), talk: empty() } }),
      CHARACTER,
      DEFAULT_CAPABILITIES,
      [],
    );
    expect(say(many.issues.reference_images)).toMatch(/at most 2/);
  });

  it('counts the prompt limit as the user types', () => {
    const built = buildGeneration(form({ prompt: 'x'.repeat(2001) }), CHARACTER, DEFAULT_CAPABILITIES, []);
    // The sentence names the limit and how much to remove; the text itself is never cut.
    expect(built.issues.prompt).toEqual({ code: 'too_long', what: 'prompt', length: 2001, max: 2000 });
    expect(say(built.issues.prompt)).toBe(`A prompt has at most ${(2000).toLocaleString()} characters; remove 1.`);
    expect(built.body.prompt).toHaveLength(2001);
    expect(buildGeneration(form({ prompt: '  ' }), CHARACTER, DEFAULT_CAPABILITIES, []).issues.prompt).toEqual({ code: 'no_prompt' });
  });

  it('lets a talk clip take its audio from speech made first, in the same request', () => {
    const voice = '0b8f3f0a-1d1e-4c3a-8a5a-7a7f1a2b3c4d';
    const built = buildGeneration(
      form({ type: 'talk', speech: { voiceId: voice, text: 'Hello there!', emotion: 'happy' } }),
      CHARACTER,
      DEFAULT_CAPABILITIES,
      [],
    );
    expect(built.issues).toEqual({});
    expect(built.speech).toEqual({ voice_id: voice, text: 'Hello there!', emotion: 'happy' });
    expect(built.body.options?.audio_url).toBeUndefined();
  });

  it('uses the chosen audio track when there is no speech to make', () => {
    const track = {
      id: '1b8f3f0a-1d1e-4c3a-8a5a-7a7f1a2b3c4d',
      name: 'Hello',
      status: 'ready' as const,
      audio_url: 'https://cdn.test/hello.wav',
    };
    const built = buildGeneration(form({ type: 'talk', audioSource: 'track', audioTrackId: track.id }), CHARACTER, DEFAULT_CAPABILITIES, [
      track,
    ]);
    expect(built.issues).toEqual({});
    expect(built.speech).toBeNull();
    expect(built.body.options?.audio_url).toBe(track.audio_url);
  });

  it('finds issues as codes, the same whatever language the page speaks', async () => {
    const talk = form({ type: 'talk', prompt: '', speech: { voiceId: '', text: 'x'.repeat(5003), emotion: 'auto' } });
    await loadMessages('ja');
    setCurrentLocale('en');
    const english = buildGeneration(talk, CHARACTER, DEFAULT_CAPABILITIES, []).issues;
    setCurrentLocale('ja');
    const japanese = buildGeneration(talk, CHARACTER, DEFAULT_CAPABILITIES, []).issues;
    setCurrentLocale('en');
    expect(japanese).toEqual(english);
    expect(english).toEqual({
      prompt: { code: 'no_prompt' },
      voice: { code: 'no_voice' },
      text: { code: 'too_long', what: 'line', length: 5003, max: 5000 },
    });
  });
});
