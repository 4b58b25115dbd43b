import {
  CloneVoiceRequest,
  CreateAudioRequest,
  CreateCharacterRequest,
  CreateGenerationRequest,
  RegenerateCharacterRequest,
  type OperationId,
  type ResourceKind,
} from '../../../shared/api/index.ts';
import type { JobKind, JobTitle } from '../../../shared/ipc/index.ts';
import type { z } from 'zod';
import { AppFailure, invalidInput } from '../ipc/appFailure.ts';
import { canonicalJson } from '../../../shared/api/canonicalJson.ts';
import { jobTitle } from './jobTitle.ts';

/**
 * A request body checked against the service contract before it becomes an intent; a body the
 * service would refuse is refused here, with the field named, and nothing is queued.
 */
function requestOf<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw AppFailure.from(invalidInput(parsed.error));
}

/** What an intent is before it is stored: the exact request and how to price it. */
export type IntentDraft = {
  kind: JobKind;
  title: JobTitle;
  path: string;
  /** Canonical JSON of the validated body: the bytes every attempt sends. */
  body: string;
  operationId: OperationId;
  target: { character_id: string } | null;
  resourceKind: ResourceKind | null;
  resourceId: string | null;
};

/** The request a job sends, as its kind builds it: the job kind's table adds what the kind says. */
export type IntentRequest = Pick<IntentDraft, 'title' | 'path' | 'body' | 'resourceId'>;

/** What regenerating a character asks: the character (named for the queue) and the new details. */
export type RegenerateInput = { characterId: string; name: string; customDetails: string };
export type RevertInput = { characterId: string; name: string };

export function characterCreateRequest(body: z.input<typeof CreateCharacterRequest>): IntentRequest {
  const parsed = requestOf(CreateCharacterRequest, body);
  return { title: jobTitle('character_create', parsed.name), path: '/v1/characters', body: canonicalJson(parsed), resourceId: null };
}

export function characterRegenerateRequest({ characterId, name, customDetails }: RegenerateInput): IntentRequest {
  const parsed = requestOf(RegenerateCharacterRequest, { custom_details: customDetails });
  return {
    title: jobTitle('character_regenerate', name),
    path: `/v1/characters/${encodeURIComponent(characterId)}/regenerate`,
    body: canonicalJson(parsed),
    resourceId: characterId,
  };
}

export function characterRevertRequest({ characterId, name }: RevertInput): IntentRequest {
  return {
    title: jobTitle('character_revert', name),
    path: `/v1/characters/${encodeURIComponent(characterId)}/revert`,
    body: '{}',
    resourceId: characterId,
  };
}

export function generationRequest(body: z.input<typeof CreateGenerationRequest>): IntentRequest {
  const parsed = requestOf(CreateGenerationRequest, body);
  return {
    title: jobTitle(parsed.type, parsed.prompt),
    path: '/v1/generations',
    body: canonicalJson(parsed),
    resourceId: null,
  };
}

export function voiceCloneRequest(body: z.input<typeof CloneVoiceRequest>): IntentRequest {
  const parsed = requestOf(CloneVoiceRequest, body);
  return {
    title: jobTitle(parsed.setup_mode === 'voice_design' ? 'voice_design' : 'voice_clone', parsed.name),
    path: '/v1/voices/clone',
    body: canonicalJson(parsed),
    resourceId: null,
  };
}

export function audioRequest(body: z.input<typeof CreateAudioRequest>): IntentRequest {
  const parsed = requestOf(CreateAudioRequest, body);
  return { title: jobTitle('speech', parsed.text), path: '/v1/audio', body: canonicalJson(parsed), resourceId: null };
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
