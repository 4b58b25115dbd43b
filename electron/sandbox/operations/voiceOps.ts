import { CloneVoiceRequest, OPERATION_IDS } from '../../../shared/api/index.ts';
import type { Actor } from '../auth.ts';
import { priceOf } from '../pricing.ts';
import { SandboxError } from '../sandboxError.ts';
import { parseValid } from '../validation.ts';
import type { Services } from '../services.ts';
import { checkAssetUrl, checkRawUrlFields, type AssetRef } from '../ssrf.ts';
import { bind, type Binding } from './binding.ts';

const at = (prefix: string, field: string): string => (prefix ? `${prefix}.${field}` : field);

export type PreparedVoice = { request: CloneVoiceRequest; sample: AssetRef | null; binding: Binding };

/**
 * spec 4.4 POST /v1/voices/clone. voice_clone needs source_url: an audio sample the caller owns
 * on the service; voice_design takes its prompt from `description` (decision) and no sample.
 */
export function prepareVoice(s: Services, actor: Actor, body: unknown, prefix = ''): PreparedVoice {
  checkRawUrlFields(body, s.cdn.baseUrl, prefix);
  const request = parseValid(CloneVoiceRequest, body, prefix);
  if (request.setup_mode === 'voice_design' && request.source_url !== undefined) {
    throw new SandboxError(
      'validation_error',
      'A designed voice takes no source_url; describe the voice in description, or use setup_mode voice_clone.',
      at(prefix, 'source_url'),
    );
  }
  const sample = request.source_url ? checkAssetUrl(s.cdn, actor.user.id, request.source_url, at(prefix, 'source_url'), ['audio']) : null;
  const normalized = { name: request.name, description: request.description ?? null, model: request.model, setup_mode: request.setup_mode };
  const credits = priceOf({ operation: OPERATION_IDS.cloneVoice, setupMode: request.setup_mode });
  return { request, sample, binding: bind(OPERATION_IDS.cloneVoice, null, normalized, sample ? [sample] : [], credits) };
}
