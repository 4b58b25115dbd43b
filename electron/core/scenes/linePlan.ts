import { createHash } from 'node:crypto';
import { MODEL_B_FIELDS, type CreateAudioInput } from '../../../shared/api/audio.ts';
import { canonicalJson } from '../../../shared/api/canonicalJson.ts';
import { GENERATION_DEFAULTS, LIMITS } from '../../../shared/api/index.ts';
import type { LineProblem } from '../../../shared/ipc/appErrors.ts';
import type { CastVoice, Scene, SceneLineInput, SpeechSettings } from '../../../shared/ipc/scenes.ts';

type Quality = Scene['quality'];

/** A talk clip's request before its audio exists (the queue fills `options.audio_url` from the speech). */
export type TalkBody = {
  character_id: string;
  type: 'talk';
  prompt: string;
  options: { duration?: number; quality: Quality; expression?: string };
};

/**
 * What a line's render is: its content key, and the requests that make it. `problem` says why it
 * cannot be rendered yet (then there are no requests).
 */
export type LinePlan = {
  line: SceneLineInput;
  key: string;
  problem: LineProblem | null;
  speech: CreateAudioInput | null;
  talk: TalkBody | null;
};

/** What the plans of a scene's lines read from the library. */
export type PlanContext = {
  quality: Quality;
  /** The version each character in the library is at. */
  characterVersions: ReadonlyMap<string, number>;
  castVoices: ReadonlyMap<string, CastVoice>;
  /** Whether the library holds this voice (owned, cloned or preset). */
  hasVoice: (voiceId: string) => boolean;
  /** Whether the library holds this gallery item with its file. */
  hasClip: (itemId: string) => boolean;
};

/** The duration a talk clip has when its line names none (spec 4.2). */
export const DEFAULT_TALK_SECONDS = GENERATION_DEFAULTS.talkDuration;

export function planLine(line: SceneLineInput, context: PlanContext): LinePlan {
  if (line.kind === 'clip') {
    const key = contentKey({ kind: 'clip', clipItemId: line.clipItemId });
    const problem: LineProblem | null = !line.clipItemId ? 'no_clip' : context.hasClip(line.clipItemId) ? null : 'clip_gone';
    return { line, key, problem, speech: null, talk: null };
  }
  const text = line.text.trim();
  const characterVersion = line.characterId ? (context.characterVersions.get(line.characterId) ?? null) : null;
  const cast = line.characterId ? (context.castVoices.get(line.characterId) ?? null) : null;
  const voiceId = line.voiceId ?? (line.kind === 'talk' ? (cast?.voiceId ?? null) : null);
  // The character's speech settings go with the character's own voice only; another voice speaks plainly.
  const settings: SpeechSettings = cast && voiceId === cast.voiceId ? cast.settings : {};
  const emotion = line.emotion ?? settings.emotion ?? null;
  const talk = line.kind === 'talk' ? resolvedTalk(line, context.quality) : null;
  const key = contentKey({
    kind: line.kind,
    characterId: line.kind === 'talk' ? line.characterId : null,
    characterVersion: line.kind === 'talk' ? characterVersion : null,
    voiceId,
    settings: { ...settings, emotion: undefined },
    text,
    emotion,
    talk,
  });
  const problem = problemOf(line, { text, characterVersion, voiceId, hasVoice: context.hasVoice });
  if (problem) return { line, key, problem, speech: null, talk: null };
  const speech: CreateAudioInput = {
    voice_id: voiceId as string,
    text,
    emotion: emotion ?? 'auto',
    ...Object.fromEntries(MODEL_B_FIELDS.filter((f) => f in settings).map((f) => [f, settings[f as keyof SpeechSettings]])),
  };
  const talkBody: TalkBody | null = talk
    ? { character_id: line.characterId as string, type: 'talk', prompt: shortPrompt(text), options: talk }
    : null;
  return { line, key, problem: null, speech, talk: talkBody };
}

/** sha256 of the canonical JSON of what decides a render: equal content, equal key, whatever the order of its fields. */
export function contentKey(content: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** A talk line's clip options; the scene's quality unless the line names its own. */
function resolvedTalk(line: SceneLineInput, quality: Quality): TalkBody['options'] {
  return {
    quality: line.talk?.quality ?? quality,
    ...(line.talk?.duration !== undefined ? { duration: line.talk.duration } : {}),
    ...(line.talk?.expression !== undefined ? { expression: line.talk.expression } : {}),
  };
}

function problemOf(
  line: SceneLineInput,
  facts: { text: string; characterVersion: number | null; voiceId: string | null; hasVoice: (id: string) => boolean },
): LineProblem | null {
  if (line.kind === 'talk') {
    if (!line.characterId) return 'no_speaker';
    if (facts.characterVersion === null) return 'character_gone';
    if (!facts.voiceId) return 'no_character_voice';
  } else if (!facts.voiceId) {
    return 'no_narrator_voice';
  }
  if (!facts.hasVoice(facts.voiceId)) return 'voice_gone';
  if (facts.text.length === 0) return 'no_text';
  return null;
}

/** A talk clip's prompt is its line, cut to what the service accepts. */
function shortPrompt(text: string): string {
  const max = LIMITS.generationPrompt.max;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
