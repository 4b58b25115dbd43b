import type { AudioTrack, Capabilities, CreateGenerationRequest, Emotion, GenerationType } from '../../../shared/api/index.ts';
import { findModel } from '../../../shared/api/findModel.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { resolveGeneration } from '../../../shared/api/resolveGeneration.ts';
import type { CommandInput } from '../../../shared/ipc/index.ts';
import { readyUrls, stillUploading, type Attachment } from '../../stores/attachments.ts';
import { applicableOptions, isMediaOption, modeOf, type MediaOptionKey, type OptionValues } from './generateOptions.ts';
import { tooLong, type Issues } from './panelIssues.ts';

export type AudioSource = 'track' | 'speech' | 'file';
export type SpeechFields = { voiceId: string; text: string; emotion: Emotion };

/** Everything the panel holds for one generation, independent of React. */
export type GenerateForm = {
  type: GenerationType;
  /** Chosen model per type; null means the catalog's default. */
  models: Record<GenerationType, string | null>;
  prompt: string;
  values: Record<GenerationType, OptionValues>;
  media: Record<GenerationType, Record<MediaOptionKey, Attachment[]>>;
  audioSource: AudioSource;
  audioTrackId: string | null;
  speech: SpeechFields;
};

export type GenerationBody = CommandInput<'generations.create'>['body'];
export type SpeechStep = NonNullable<CommandInput<'generations.create'>['speech']>;

export type BuiltGeneration = {
  body: GenerationBody;
  speech: SpeechStep | null;
  issues: Issues;
};

/**
 * Stands in for the speech's audio while the request is checked: the real URL exists only once
 * the queue has made the speech. It never leaves the renderer.
 */
export const SPEECH_PLACEHOLDER_URL = 'https://speech.pending.invalid/audio.wav';

function selectedTrackUrl(form: GenerateForm, tracks: readonly AudioTrack[]): string | null {
  const track = tracks.find((t) => t.id === form.audioTrackId);
  return track?.status === 'ready' && track.audio_url ? track.audio_url : null;
}

/** Whether this type and mode takes its audio from the speech step. */
export function usesSpeech(form: GenerateForm): boolean {
  return form.type === 'talk' && form.audioSource === 'speech';
}

/**
 * Builds the request the panel would submit and checks it the way the service will: the schema's
 * limits, then `resolveGeneration` (shared with the service) for what applies to the type, mode
 * and model. The first issue of each field is kept, so each field can say what is wrong with it.
 */
export function buildGeneration(
  form: GenerateForm,
  characterId: string,
  capabilities: Capabilities | null,
  tracks: readonly AudioTrack[],
): BuiltGeneration {
  const issues: Issues = {};
  const { type } = form;
  const mode = modeOf(type, form.values[type]);
  const model = capabilities ? findModel(capabilities, type, form.models[type] ?? undefined) : undefined;
  const options = collectOptions(form, mode, tracks, issues);
  const prompt = checkPrompt(form, issues);

  const body: GenerationBody = {
    character_id: characterId,
    type,
    prompt,
    ...(model ? { model: model.id } : {}),
    options,
  };

  const speech = speechStep(form, mode, options, issues);
  if (capabilities) checkAsService(body, speech, capabilities, issues);
  else issues.model = { code: 'no_models' };

  return { body, speech, issues };
}

/** The options that apply to the type and mode, from the fields and the attached files. */
function collectOptions(form: GenerateForm, mode: string, tracks: readonly AudioTrack[], issues: Issues) {
  const { type } = form;
  const values = form.values[type];
  const options: Record<string, unknown> = {};
  for (const key of applicableOptions(type, mode)) {
    if (isMediaOption(key)) {
      const attachments = form.media[type][key];
      // A failed file says why on its slot and goes unsent; it never holds the request back.
      if (stillUploading(attachments)) issues[key] = { code: 'uploading' };
      const urls = readyUrls(attachments);
      if (key === 'reference_images') {
        if (urls.length > 0) options.reference_images = urls;
      } else if (key === 'audio_url') {
        const url = form.audioSource === 'track' ? selectedTrackUrl(form, tracks) : form.audioSource === 'file' ? (urls[0] ?? null) : null;
        if (url) options.audio_url = url;
      } else if (urls[0]) {
        options[key] = urls[0];
      }
      continue;
    }
    const value = values[key];
    if (value === null || value === '') continue;
    options[key] = typeof value === 'string' ? value.trim() : value;
  }
  return options;
}

/** The prompt as it is sent (trimmed), with an issue when it is empty or too long. */
function checkPrompt(form: GenerateForm, issues: Issues): string {
  const prompt = form.prompt.trim();
  const over = tooLong('prompt', form.prompt.length, LIMITS.generationPrompt.max);
  if (!prompt) issues.prompt = { code: 'no_prompt' };
  else if (over) issues.prompt = over;
  return prompt;
}

/** The speech made first for a talk clip, or null; and the audio the clip still lacks. */
function speechStep(form: GenerateForm, mode: string, options: Record<string, unknown>, issues: Issues): SpeechStep | null {
  if (usesSpeech(form)) {
    const text = form.speech.text;
    const over = tooLong('line', text.length, LIMITS.audioText.max);
    if (!form.speech.voiceId) issues.voice = { code: 'no_voice' };
    if (!text.trim()) issues.text = { code: 'no_line' };
    else if (over) issues.text = over;
    return { voice_id: form.speech.voiceId, text: text.trim(), emotion: form.speech.emotion };
  }
  if ((form.type === 'talk' || mode === 'lipsync') && form.audioSource === 'track' && !options.audio_url && !issues.audio_url) {
    issues.audio_url = { code: form.audioTrackId ? 'track_not_ready' : 'no_track' };
  }
  return null;
}

/** The service's own check; the speech's URL does not exist yet, so a stand-in takes its place. */
function checkAsService(body: GenerationBody, speech: SpeechStep | null, capabilities: Capabilities, issues: Issues): void {
  const checked: CreateGenerationRequest = {
    ...body,
    prompt: body.prompt || 'x',
    options: speech ? { ...body.options, audio_url: SPEECH_PLACEHOLDER_URL } : body.options,
  };
  const resolved = resolveGeneration(checked, capabilities);
  if (!resolved.ok) {
    const field = resolved.issue.field.replace(/^options\./, '');
    issues[field] ??= { code: 'service', issue: resolved.issue };
  }
}
