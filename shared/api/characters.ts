import { z } from 'zod';
import { CharacterStatus, HttpsUrl, Timestamp, Uuid, WebhookUrlField, dataOf, listOf } from './common.ts';
import { LIMITS } from './limits.ts';

export const CreationType = z.enum(['human', 'fantasy', 'prompt', 'image']);
export type CreationType = z.infer<typeof CreationType>;

const trait = z.string().min(LIMITS.characterTrait.min).max(LIMITS.characterTrait.max);
const description = z.string().min(LIMITS.characterDescription.min).max(LIMITS.characterDescription.max);

// spec 2.2 parameters: creationType defaults to human, artStyle to hyper-realistic.
export const CharacterParameters = z.strictObject({
  creationType: CreationType.default('human'),
  gender: trait.optional(),
  age: trait.optional(),
  ethnicity: trait.optional(),
  skinTone: trait.optional(),
  eyeColor: trait.optional(),
  artStyle: trait.default('hyper-realistic'),
  customDetails: description.optional(),
  prompt: description.optional(),
  fantasyMode: trait.optional(),
  creatureType: trait.optional(),
  colorScheme: trait.optional(),
  creatureSize: trait.optional(),
  mood: trait.optional(),
});
export type CharacterParameters = z.infer<typeof CharacterParameters>;
export type CharacterParametersInput = z.input<typeof CharacterParameters>;
export const TRAIT_KEYS = Object.keys(CharacterParameters.shape) as (keyof CharacterParameters)[];

export const CharacterName = z.string().trim().min(LIMITS.characterName.min).max(LIMITS.characterName.max);

// spec 4.1 POST /v1/characters
export const CreateCharacterRequest = z.strictObject({
  name: CharacterName,
  parameters: CharacterParameters,
  reference_image_urls: z.array(HttpsUrl).max(LIMITS.characterReferenceImages).optional(),
  webhook_url: WebhookUrlField,
});
export type CreateCharacterRequest = z.infer<typeof CreateCharacterRequest>;
export type CreateCharacterInput = z.input<typeof CreateCharacterRequest>;

// spec 2.2 accepted response
export const CharacterAccepted = z.looseObject({
  id: Uuid,
  name: z.string(),
  status: CharacterStatus,
  generation_id: Uuid,
  credits_used: z.number().int(),
  credits_remaining: z.number().int(),
  created_at: Timestamp,
});
export type CharacterAccepted = z.infer<typeof CharacterAccepted>;
export const CharacterAcceptedResponse = dataOf(CharacterAccepted);

// spec 2.2 full record; fields past the stated four are decisions.
export const Character = z.looseObject({
  id: Uuid,
  name: z.string(),
  status: CharacterStatus,
  parameters: z.looseObject({}).catchall(z.unknown()),
  headshot_url: z.string().nullable(),
  fullbody_url: z.string().nullable(),
  version: z.number().int().optional(),
  can_revert: z.boolean().optional(),
  reference_image_urls: z.array(z.string()).optional(),
  error_message: z.string().nullable().optional(),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type Character = z.infer<typeof Character>;
export const CharacterResponse = dataOf(Character);
export const CharacterList = listOf(Character);

// spec 4.1 regenerate: optional bounded edit instruction; empty string = full regeneration.
export const RegenerateCharacterRequest = z.strictObject({
  custom_details: z.string().max(LIMITS.customDetails).optional(),
  webhook_url: WebhookUrlField,
});
export type RegenerateCharacterRequest = z.infer<typeof RegenerateCharacterRequest>;

/** Decision: body of a regenerate answer (201 accepted and 200 terminal recovery). */
export const RegenerateAccepted = z.looseObject({
  character_id: Uuid,
  generation_id: Uuid,
  version: z.number().int(),
  status: z.string(),
  credits_used: z.number().int(),
  credits_remaining: z.number().int(),
});
export type RegenerateAccepted = z.infer<typeof RegenerateAccepted>;
export const RegenerateResponse = dataOf(RegenerateAccepted);

// spec 4.1 revert: body is the empty JSON object.
export const RevertCharacterRequest = z.strictObject({});

/** Decision: body of a 200 revert answer. */
export const RevertResult = z.looseObject({
  character_id: Uuid,
  version: z.number().int(),
  status: CharacterStatus,
  headshot_url: z.string().nullable(),
  fullbody_url: z.string().nullable(),
  credits_refunded: z.number().int(),
  credits_remaining: z.number().int(),
});
export type RevertResult = z.infer<typeof RevertResult>;
export const RevertResponse = dataOf(RevertResult);
