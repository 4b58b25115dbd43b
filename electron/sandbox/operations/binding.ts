import { createHash } from 'node:crypto';
import type { OperationId } from '../../../shared/api/index.ts';
import { canonicalJson } from '../../../shared/api/canonicalJson.ts';
import type { AssetRef } from '../ssrf.ts';

/**
 * What a quote binds and a paid submission must match exactly (spec 2.6, 4.3): the hash of the
 * normalized input (defaults applied, asset URLs taken out) and the hash of the ordered asset
 * manifest (field and content hash of each referenced file, in order). No raw value is kept.
 */
export type Binding = {
  operationId: OperationId;
  credits: number;
  inputHash: string;
  assetHash: string;
};

export function bind(
  operationId: OperationId,
  target: Record<string, string> | null,
  normalized: unknown,
  assets: readonly AssetRef[],
  credits: number,
): Binding {
  const inputHash = sha256(canonicalJson({ operation_id: operationId, target, input: normalized }));
  // Field names are those of the paid request: a quoted input reports them under `input.`.
  const assetHash = sha256(canonicalJson(assets.map((a) => [a.field.replace(/^input\./, ''), a.object.sha256])));
  return { operationId, credits, inputHash: `sha256:${inputHash}`, assetHash: `sha256:${assetHash}` };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
