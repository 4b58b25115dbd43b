import {
  CreateGenerationRequest,
  DEFAULT_CAPABILITIES,
  GenerationType,
  OPERATION_IDS,
  resolveGeneration,
  scopeForGeneration,
  type ResolvedGeneration,
  type Scope,
} from '../../../shared/api/index.ts';
import type { Actor } from '../auth.ts';
import type { MediaKind } from '../cdnStore.ts';
import { priceOf } from '../pricing.ts';
import { requireOwnedCharacter, type CharacterRecord } from '../repos/characterRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { generationIssueSentence } from './generationIssueSentence.ts';
import { isObject } from '../validation.ts';
import { parseValid } from '../validation.ts';
import type { Services } from '../services.ts';
import { checkAssetUrl, checkRawUrlFields, type AssetRef } from '../ssrf.ts';
import { bind, type Binding } from './binding.ts';

const at = (prefix: string, field: string): string => (prefix ? `${prefix}.${field}` : field);

/** The URL-carrying options, in the order the asset manifest lists them, with the kind each takes. */
export const URL_OPTIONS: readonly { key: 'input_image' | 'start_frame' | 'reference_video' | 'audio_url'; kind: MediaKind }[] = [
  { key: 'input_image', kind: 'image' },
  { key: 'start_frame', kind: 'image' },
  { key: 'reference_video', kind: 'video' },
  { key: 'audio_url', kind: 'audio' },
];

/**
 * spec 5.3: the scope of a generation follows its type (image → images:generate; video and talk →
 * videos:generate), read from the raw body before anything else. With no valid type yet, either
 * generation scope lets the request reach validation.
 */
export function generationScope(body: unknown): Scope | readonly Scope[] {
  const type = GenerationType.safeParse(isObject(body) ? body.type : undefined);
  return type.success ? scopeForGeneration(type.data) : ['images:generate', 'videos:generate'];
}

export type PreparedGeneration = { resolved: ResolvedGeneration; character: CharacterRecord; assets: AssetRef[]; binding: Binding };

/** spec 4.2: schema, defaults and per-model/mode checks (resolveGeneration), owned character, URL fields, price. */
export function prepareGeneration(s: Services, actor: Actor, body: unknown, prefix = ''): PreparedGeneration {
  checkRawUrlFields(body, s.cdn.baseUrl, prefix);
  const request = parseValid(CreateGenerationRequest, body, prefix);
  const result = resolveGeneration(request, DEFAULT_CAPABILITIES);
  if (!result.ok) throw new SandboxError('validation_error', generationIssueSentence(result.issue), at(prefix, result.issue.field));
  const resolved = result.value;
  const character = requireOwnedCharacter(s.db, actor.user.id, resolved.character_id, at(prefix, 'character_id'));
  const o = resolved.options;
  const assets: AssetRef[] = (o.reference_images ?? []).map((url, i) =>
    checkAssetUrl(s.cdn, actor.user.id, url, at(prefix, `options.reference_images[${i}]`), ['image']),
  );
  for (const { key, kind } of URL_OPTIONS) {
    const url = o[key];
    if (url !== undefined) assets.push(checkAssetUrl(s.cdn, actor.user.id, url, at(prefix, `options.${key}`), [kind]));
  }
  const { reference_images: refs, input_image: _i, start_frame: _s, reference_video: _v, audio_url: _a, ...plain } = o;
  const normalized = { ...resolved, options: { ...plain, reference_images: refs?.length ?? 0 } };
  const credits = priceOf({ operation: OPERATION_IDS.createGeneration, type: resolved.type, options: o });
  return { resolved, character, assets, binding: bind(OPERATION_IDS.createGeneration, null, normalized, assets, credits) };
}
