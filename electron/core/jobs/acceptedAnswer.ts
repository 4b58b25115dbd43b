import {
  AudioAcceptedResponse,
  CharacterAcceptedResponse,
  GenerationAcceptedResponse,
  VoiceAcceptedResponse,
  type AudioTrack,
  type Character,
  type Generation,
  type ResourceKind,
  type Voice,
} from '../../../shared/api/index.ts';

/** What an accepted answer tells the queue. */
export type Accepted = {
  resourceKind: ResourceKind;
  resourceId: string;
  creditsUsed: number | null;
  creditsRemaining: number | null;
  /** Another id the service may name this job's charge by: a character operation's generation id. */
  chargeRef: string | null;
  /** true when the answer is final (revert, regenerate's terminal recovery): nothing to poll. */
  settled: boolean;
  /** A record to mirror right away, so the library shows the item while it is processed. */
  mirror:
    | { kind: 'character'; record: Character }
    | { kind: 'generation'; record: Generation }
    | { kind: 'voice'; record: Voice }
    | { kind: 'audio'; record: AudioTrack }
    | null;
};

/** The parts of an accepted answer spec 4.1 states for regenerate and revert: the status and the headers. */
export type AnswerHead = { path: string; status: number; headers: Record<string, string> };

/** An accepted answer, the request's body it answers, the time it was read, and its head (status, headers). */
export type AcceptedAnswer = { json: unknown; body: Record<string, unknown>; now: string; head: AnswerHead | undefined };

export function readCharacterCreated({ json, body }: AcceptedAnswer): Accepted {
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

export function readGenerationCreated({ json, body }: AcceptedAnswer): Accepted {
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

export function readVoiceCloned({ json, body, now }: AcceptedAnswer): Accepted {
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

export function readAudioCreated({ json, body }: AcceptedAnswer): Accepted {
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
