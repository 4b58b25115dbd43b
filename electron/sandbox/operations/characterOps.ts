import { CreateCharacterRequest, OPERATION_IDS, RegenerateCharacterRequest, RevertCharacterRequest } from '../../../shared/api/index.ts';
import type { Actor } from '../auth.ts';
import { priceOf } from '../pricing.ts';
import { requireOwnedCharacter, type CharacterRecord } from '../repos/characterRepo.ts';
import { parseValid } from '../validation.ts';
import type { Services } from '../services.ts';
import { checkAssetUrl, checkRawUrlFields, type AssetRef } from '../ssrf.ts';
import { bind, type Binding } from './binding.ts';

/** Field names are prefixed (`input.`) when the same body is quoted. */
const at = (prefix: string, field: string): string => (prefix ? `${prefix}.${field}` : field);

export type PreparedCharacter = { request: CreateCharacterRequest; assets: AssetRef[]; binding: Binding };

/** spec 4.1 POST /v1/characters: validation, reference images (SSRF, owned), price. */
export function prepareCreateCharacter(s: Services, actor: Actor, body: unknown, prefix = ''): PreparedCharacter {
  checkRawUrlFields(body, s.cdn.baseUrl, prefix);
  const request = parseValid(CreateCharacterRequest, body, prefix);
  const assets = (request.reference_image_urls ?? []).map((url, i) =>
    checkAssetUrl(s.cdn, actor.user.id, url, at(prefix, `reference_image_urls[${i}]`), ['image']),
  );
  const normalized = { name: request.name, parameters: request.parameters };
  const binding = bind(OPERATION_IDS.createCharacter, null, normalized, assets, priceOf({ operation: OPERATION_IDS.createCharacter }));
  return { request, assets, binding };
}

export type PreparedRegenerate = { character: CharacterRecord; customDetails: string; binding: Binding };

/** spec 4.1 regenerate: optional custom_details; empty or absent means a full regeneration. */
export function prepareRegenerate(
  s: Services,
  actor: Actor,
  body: unknown,
  characterId: string,
  prefix = '',
  targetField?: string,
): PreparedRegenerate {
  const request = parseValid(RegenerateCharacterRequest, body, prefix);
  const character = requireOwnedCharacter(s.db, actor.user.id, characterId, targetField);
  const customDetails = request.custom_details?.trim() ?? '';
  const credits = priceOf({ operation: OPERATION_IDS.regenerateCharacter, customDetails });
  const binding = bind(OPERATION_IDS.regenerateCharacter, { character_id: characterId }, { custom_details: customDetails }, [], credits);
  return { character, customDetails, binding };
}

export type PreparedRevert = { character: CharacterRecord; binding: Binding };

/** spec 4.1 revert: the body is the empty JSON object. */
export function prepareRevert(
  s: Services,
  actor: Actor,
  body: unknown,
  characterId: string,
  prefix = '',
  targetField?: string,
): PreparedRevert {
  parseValid(RevertCharacterRequest, body, prefix);
  const character = requireOwnedCharacter(s.db, actor.user.id, characterId, targetField);
  const binding = bind(
    OPERATION_IDS.revertCharacter,
    { character_id: characterId },
    {},
    [],
    priceOf({ operation: OPERATION_IDS.revertCharacter }),
  );
  return { character, binding };
}
