import {
  AudioAcceptedResponse,
  CharacterAcceptedResponse,
  CloneVoiceRequest,
  CreateAudioRequest,
  CreateCharacterRequest,
  CreateGenerationRequest,
  GenerationAcceptedResponse,
  OPERATION_IDS,
  RegenerateCharacterRequest,
  VoiceAcceptedResponse,
  type AudioTrack,
  type Character,
  type Generation,
  type OperationId,
  type ResourceKind,
  type Voice,
} from '../../../shared/api/index.ts';
import type { JobKind } from '../../../shared/ipc/index.ts';
import type { z } from 'zod';
import { readRegenerateAnswer, readRevertAnswer } from '../characters/versionAnswers.ts';
import { AppFailure, invalidInput } from '../ipc/appFailure.ts';
import type { Accepted, AnswerHead } from './acceptedAnswer.ts';
import { canonicalJson } from '../../../shared/api/canonicalJson.ts';

/**
 * A request body checked against the service contract before it becomes an intent; a body the
 * service would refuse is refused here, with the field named, and nothing is queued.
 */
function requestOf<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const error = invalidInput(parsed.error);
  throw new AppFailure(error.code, error.message, error.field);
}

export type { Accepted } from './acceptedAnswer.ts';

/** What an intent is before it is stored: the exact request and how to price it. */
export type IntentDraft = {
  kind: JobKind;
  title: string;
  path: string;
  /** Canonical JSON of the validated body: the bytes every attempt sends. */
  body: string;
  operationId: OperationId;
  target: { character_id: string } | null;
  resourceKind: ResourceKind | null;
  resourceId: string | null;
};

function short(text: string, max = 60): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

export function characterCreateIntent(body: z.input<typeof CreateCharacterRequest>): IntentDraft {
  const parsed = requestOf(CreateCharacterRequest, body);
  return {
    kind: 'character.create',
    title: `Create character “${short(parsed.name, 40)}”`,
    path: '/v1/characters',
    body: canonicalJson(parsed),
    operationId: OPERATION_IDS.createCharacter,
    target: null,
    resourceKind: 'character',
    resourceId: null,
  };
}

export function characterRegenerateIntent(characterId: string, name: string, customDetails: string): IntentDraft {
  const parsed = requestOf(RegenerateCharacterRequest, { custom_details: customDetails });
  return {
    kind: 'character.regenerate',
    title: `Regenerate “${short(name, 40)}”`,
    path: `/v1/characters/${encodeURIComponent(characterId)}/regenerate`,
    body: canonicalJson(parsed),
    operationId: OPERATION_IDS.regenerateCharacter,
    target: { character_id: characterId },
    resourceKind: 'character',
    resourceId: characterId,
  };
}

export function characterRevertIntent(characterId: string, name: string): IntentDraft {
  return {
    kind: 'character.revert',
    title: `Revert “${short(name, 40)}” to its previous version`,
    path: `/v1/characters/${encodeURIComponent(characterId)}/revert`,
    body: '{}',
    operationId: OPERATION_IDS.revertCharacter,
    target: { character_id: characterId },
    resourceKind: 'character',
    resourceId: characterId,
  };
}

const GENERATION_LABEL = { image: 'Image', video: 'Video', talk: 'Talk clip' } as const;

export function generationIntent(body: z.input<typeof CreateGenerationRequest>): IntentDraft {
  const parsed = requestOf(CreateGenerationRequest, body);
  return {
    kind: 'generation.create',
    title: `${GENERATION_LABEL[parsed.type]}: ${short(parsed.prompt)}`,
    path: '/v1/generations',
    body: canonicalJson(parsed),
    operationId: OPERATION_IDS.createGeneration,
    target: null,
    resourceKind: 'generation',
    resourceId: null,
  };
}

export function voiceCloneIntent(body: z.input<typeof CloneVoiceRequest>): IntentDraft {
  const parsed = requestOf(CloneVoiceRequest, body);
  return {
    kind: 'voice.clone',
    title: `${parsed.setup_mode === 'voice_design' ? 'Design' : 'Clone'} voice “${short(parsed.name, 40)}”`,
    path: '/v1/voices/clone',
    body: canonicalJson(parsed),
    operationId: OPERATION_IDS.cloneVoice,
    target: null,
    resourceKind: 'voice',
    resourceId: null,
  };
}

export function audioIntent(body: z.input<typeof CreateAudioRequest>): IntentDraft {
  const parsed = requestOf(CreateAudioRequest, body);
  return {
    kind: 'audio.create',
    title: `Speech: ${short(parsed.text)}`,
    path: '/v1/audio',
    body: canonicalJson(parsed),
    operationId: OPERATION_IDS.createAudio,
    target: null,
    resourceKind: 'audio',
    resourceId: null,
  };
}

export const OPERATION_OF_KIND: Record<JobKind, OperationId> = {
  'character.create': OPERATION_IDS.createCharacter,
  'character.regenerate': OPERATION_IDS.regenerateCharacter,
  'character.revert': OPERATION_IDS.revertCharacter,
  'generation.create': OPERATION_IDS.createGeneration,
  'voice.clone': OPERATION_IDS.cloneVoice,
  'audio.create': OPERATION_IDS.createAudio,
};

/** The target a quote of this job names (spec 4.3: only for operations on an existing resource). */
export function targetOf(kind: JobKind, path: string): { character_id: string } | null {
  if (kind !== 'character.regenerate' && kind !== 'character.revert') return null;
  const id = decodeURIComponent(path.split('/')[3] ?? '');
  return { character_id: id };
}

/** An accepted answer, the request's body it answers, the time it was read, and its head (status, headers). */
type Answer = { json: unknown; body: Record<string, unknown>; now: string; head: AnswerHead | undefined };

function readCharacterCreated({ json, body }: Answer): Accepted {
  const d = CharacterAcceptedResponse.parse(json).data;
  const record: Character = {
    id: d.id,
    name: d.name,
    status: d.status,
    parameters: (body.parameters as Record<string, unknown>) ?? {},
    headshot_url: null,
    fullbody_url: null,
    created_at: d.created_at,
  };
  return {
    resourceKind: 'character',
    resourceId: d.id,
    creditsUsed: d.credits_used,
    creditsRemaining: d.credits_remaining,
    chargeRef: d.generation_id,
    settled: false,
    mirror: { kind: 'character', record },
  };
}

function readGenerationCreated({ json, body }: Answer): Accepted {
  const d = GenerationAcceptedResponse.parse(json).data;
  const record: Generation = {
    id: d.id,
    type: d.type,
    status: d.status,
    prompt: typeof body.prompt === 'string' ? body.prompt : null,
    character_id: String(body.character_id),
    credits_used: d.credits_used,
    completed_at: null,
    error_message: null,
    model: typeof body.model === 'string' ? body.model : null,
    options: (body.options as Record<string, unknown>) ?? {},
    created_at: d.created_at,
  };
  return {
    resourceKind: 'generation',
    resourceId: d.id,
    creditsUsed: d.credits_used,
    creditsRemaining: d.credits_remaining,
    chargeRef: null,
    settled: false,
    mirror: { kind: 'generation', record },
  };
}

function readVoiceCloned({ json, body, now }: Answer): Accepted {
  const d = VoiceAcceptedResponse.parse(json).data;
  const record: Voice = {
    id: d.id,
    name: d.name,
    status: d.status,
    source_type: d.source_type ?? (body.setup_mode === 'voice_design' ? 'designed' : 'cloned'),
    description: typeof body.description === 'string' ? body.description : null,
    model: typeof body.model === 'string' ? body.model : undefined,
    owner: 'me',
    created_at: d.created_at ?? now,
  };
  return {
    resourceKind: 'voice',
    resourceId: d.id,
    creditsUsed: d.credits_used ?? null,
    creditsRemaining: d.credits_remaining ?? null,
    chargeRef: null,
    settled: false,
    mirror: { kind: 'voice', record },
  };
}

function readAudioCreated({ json, body }: Answer): Accepted {
  const d = AudioAcceptedResponse.parse(json).data;
  const record: AudioTrack = {
    id: d.id,
    name: d.name,
    status: d.status,
    voice_id: String(body.voice_id),
    text: typeof body.text === 'string' ? body.text : undefined,
    emotion: typeof body.emotion === 'string' ? body.emotion : undefined,
    model: typeof body.model === 'string' ? body.model : undefined,
    credits_used: d.credits_used,
    created_at: d.created_at,
  };
  return {
    resourceKind: 'audio',
    resourceId: d.id,
    creditsUsed: d.credits_used,
    creditsRemaining: d.credits_remaining,
    chargeRef: null,
    settled: false,
    mirror: { kind: 'audio', record },
  };
}

/** How each kind's accepted answer is read. */
const ANSWER_READERS: { readonly [K in JobKind]: (answer: Answer) => Accepted } = {
  'character.create': readCharacterCreated,
  'character.regenerate': ({ json, head }) => readRegenerateAnswer(json, head ?? { path: '', status: 201, headers: {} }),
  'character.revert': ({ json, head }) => readRevertAnswer(json, head ?? { path: '', status: 200, headers: {} }),
  'generation.create': readGenerationCreated,
  'voice.clone': readVoiceCloned,
  'audio.create': readAudioCreated,
};

/**
 * Reads an accepted answer (200 or 201) of a paid request. Throws a zod error when the answer breaks
 * the contract; the queue then keeps the job in doubt and asks again with the same key. `head` (the
 * request path, the status and headers) is what regenerate and revert answer with (spec 4.1).
 */
export function readAccepted(kind: JobKind, requestBody: string, json: unknown, now: string, head?: AnswerHead): Accepted {
  const body = JSON.parse(requestBody) as Record<string, unknown>;
  return ANSWER_READERS[kind]({ json, body, now, head });
}

/** Writes `value` at a dotted path of a JSON body, returning the new canonical body. */
export function fillDependency(body: string, into: string, value: unknown): string {
  const root = JSON.parse(body) as Record<string, unknown>;
  const parts = into.split('.');
  let node: Record<string, unknown> = root;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!next || typeof next !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) as string] = value;
  return canonicalJson(root);
}
