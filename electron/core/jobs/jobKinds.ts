import { OPERATION_IDS, type OperationId } from '../../../shared/api/index.ts';
import type { CommandName, JobKind } from '../../../shared/ipc/index.ts';
import { JOB_KIND_IDS, JOB_KIND_VIEWS, type JobKindView } from '../../../shared/jobs/jobKinds.ts';
import { readRegenerateAnswer, readRevertAnswer } from '../characters/versionAnswers.ts';
import {
  readAudioCreated,
  readCharacterCreated,
  readGenerationCreated,
  readVoiceCloned,
  type Accepted,
  type AcceptedAnswer,
  type AnswerHead,
} from './acceptedAnswer.ts';
import {
  audioRequest,
  characterCreateRequest,
  characterRegenerateRequest,
  characterRevertRequest,
  generationRequest,
  voiceCloneRequest,
  type IntentDraft,
  type IntentRequest,
} from './intentRequests.ts';

/**
 * How the account's usage tells a charge by the job that was accepted under the charged resource's
 * id (`UsageStore` turns these into its SQL).
 */
export type UsageRule = {
  /** The category of the kind's charges: a fixed word, or the request's field that holds it. */
  category: { word: string } | { field: string };
  /** The request's field naming the character the work is for, when the request names one. */
  characterField: string | null;
};

/** Everything core decides per kind of job: a job's way through the outbox is read from here. */
export type JobKindRule<Input = never> = JobKindView & {
  /** The command that asks for the kind: paid work, refused while the library cannot keep an intent. */
  command: CommandName;
  /** The service's operation, which a quote prices. */
  operationId: OperationId;
  /** How many jobs of the kind are sent at once. */
  concurrency: number;
  /** It works on an existing character, which its quote names as the target (spec 4.3). */
  targetsCharacter: boolean;
  /** The request, checked against the service contract, from what the command gave. */
  request(input: Input): IntentRequest;
  /** Reads the service's accepted answer (it throws when the answer breaks the contract). */
  readAccepted(answer: AcceptedAnswer): Accepted;
  /**
   * The mirror's columns that must equal the request's fields for a record to be what a job in
   * doubt made; null when the job makes no record of its own to recognise (regenerate and revert
   * change an existing character), so history cannot decide for it.
   */
  history: ((body: Record<string, unknown>) => Record<string, unknown>) | null;
  /**
   * How usage names the kind's charges; null when its charges are named by another id than the
   * job's resource (a character's creation and regeneration are charged to their generation id).
   */
  usage: UsageRule | null;
};

/** A table with a row for every kind of job (a fixture may add kinds). */
export type JobKindTable = { readonly [K in JobKind]: JobKindRule } & { readonly [kind: string]: JobKindRule };

/** A row for every kind, without the page's part (`shared/jobs/jobKinds.ts` holds that): a kind without its row does not compile. */
export type JobKindRows = { readonly [K in JobKind]: Omit<JobKindRule, keyof JobKindView> };

const ROWS = {
  'character.create': {
    command: 'characters.create',
    operationId: OPERATION_IDS.createCharacter,
    concurrency: 2,
    targetsCharacter: false,
    request: characterCreateRequest,
    readAccepted: readCharacterCreated,
    history: (b) => ({ name: b.name }),
    usage: null,
  },
  'character.regenerate': {
    command: 'characters.regenerate',
    operationId: OPERATION_IDS.regenerateCharacter,
    concurrency: 2,
    targetsCharacter: true,
    request: characterRegenerateRequest,
    readAccepted: ({ json, head }) => readRegenerateAnswer(json, head ?? { path: '', status: 201, headers: {} }),
    history: null,
    usage: null,
  },
  'character.revert': {
    command: 'characters.revert',
    operationId: OPERATION_IDS.revertCharacter,
    concurrency: 1,
    targetsCharacter: true,
    request: characterRevertRequest,
    readAccepted: ({ json, head }) => readRevertAnswer(json, head ?? { path: '', status: 200, headers: {} }),
    history: null,
    usage: null,
  },
  'generation.create': {
    command: 'generations.create',
    operationId: OPERATION_IDS.createGeneration,
    concurrency: 4,
    targetsCharacter: false,
    request: generationRequest,
    readAccepted: readGenerationCreated,
    history: (b) => ({ character_id: b.character_id, type: b.type, prompt: b.prompt }),
    usage: { category: { field: 'type' }, characterField: 'character_id' },
  },
  'voice.clone': {
    command: 'voices.clone',
    operationId: OPERATION_IDS.cloneVoice,
    concurrency: 2,
    targetsCharacter: false,
    request: voiceCloneRequest,
    readAccepted: readVoiceCloned,
    history: (b) => ({ name: b.name }),
    usage: { category: { word: 'voice' }, characterField: null },
  },
  'audio.create': {
    command: 'audio.create',
    operationId: OPERATION_IDS.createAudio,
    concurrency: 4,
    targetsCharacter: false,
    request: audioRequest,
    readAccepted: readAudioCreated,
    history: (b) => ({ voice_id: b.voice_id, text: b.text }),
    usage: { category: { word: 'audio' }, characterField: null },
  },
} as const satisfies JobKindRows;

/** What each kind's request builder takes. */
type InputOf<K extends JobKind> = Parameters<(typeof ROWS)[K]['request']>[0];

/** The table of job kinds: core's rows joined with the page's part of each kind. */
export const JOB_KINDS: JobKindTable = Object.fromEntries(
  JOB_KIND_IDS.map((kind): [JobKind, JobKindRule] => [kind, { ...JOB_KIND_VIEWS[kind], ...ROWS[kind] }]),
) as JobKindTable;

/** The rule of a kind. */
export function jobKind(kind: JobKind): JobKindRule {
  return JOB_KINDS[kind];
}

/** The intent of a kind: its request as the kind builds it, with what the table says of the kind. */
export function intentOf<K extends JobKind>(kind: K, input: InputOf<K>): IntentDraft {
  const rule = jobKind(kind) as JobKindRule<InputOf<K>>;
  const request = rule.request(input);
  return {
    kind,
    ...request,
    operationId: rule.operationId,
    target: rule.targetsCharacter ? { character_id: request.resourceId ?? '' } : null,
    resourceKind: rule.makes,
  };
}

// The intents the commands build, by name, so a handler never spells a kind.
export const characterCreateIntent = (body: InputOf<'character.create'>) => intentOf('character.create', body);
export const characterRegenerateIntent = (characterId: string, name: string, customDetails: string) =>
  intentOf('character.regenerate', { characterId, name, customDetails });
export const characterRevertIntent = (characterId: string, name: string) => intentOf('character.revert', { characterId, name });
export const generationIntent = (body: InputOf<'generation.create'>) => intentOf('generation.create', body);
export const voiceCloneIntent = (body: InputOf<'voice.clone'>) => intentOf('voice.clone', body);
export const audioIntent = (body: InputOf<'audio.create'>) => intentOf('audio.create', body);

/** The target a quote of this job names (spec 4.3: only for operations on an existing resource). */
export function targetOf(kind: JobKind, path: string): { character_id: string } | null {
  if (!jobKind(kind).targetsCharacter) return null;
  return { character_id: decodeURIComponent(path.split('/')[3] ?? '') };
}

/**
 * Reads an accepted answer (200 or 201) of a paid request. Throws a zod error when the answer breaks
 * the contract; the queue then keeps the job in doubt and asks again with the same key. `head` (the
 * request path, the status and headers) is what regenerate and revert answer with (spec 4.1).
 */
export function readAccepted(kind: JobKind, requestBody: string, json: unknown, now: string, head?: AnswerHead): Accepted {
  const body = JSON.parse(requestBody) as Record<string, unknown>;
  return jobKind(kind).readAccepted({ json, body, now, head });
}

/** How many jobs of each kind are sent at once. */
export function concurrencyOf(kinds: JobKindTable = JOB_KINDS): Record<JobKind, number> {
  return Object.fromEntries(Object.entries(kinds).map(([kind, rule]) => [kind, rule.concurrency])) as Record<JobKind, number>;
}

/** The commands that ask for new jobs of some kind. */
export function jobCommands(kinds: JobKindTable = JOB_KINDS): CommandName[] {
  return Object.values(kinds).map((rule) => rule.command);
}
