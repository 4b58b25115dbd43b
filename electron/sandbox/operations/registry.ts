import { DEFAULT_CAPABILITIES, OPERATION_IDS, type OperationInfo, type Scope } from '../../../shared/api/index.ts';
import type { Actor } from '../auth.ts';
import { SandboxError } from '../sandboxError.ts';
import type { Services } from '../services.ts';
import type { Binding } from './binding.ts';
import { prepareAudio } from './audioOps.ts';
import { prepareCreateCharacter, prepareRegenerate, prepareRevert } from './characterOps.ts';
import { generationScope, prepareGeneration } from './generationOps.ts';
import { prepareVoice } from './voiceOps.ts';

export function findOperation(operationId: unknown): OperationInfo | null {
  return DEFAULT_CAPABILITIES.operations.find((o) => o.operation_id === operationId) ?? null;
}

/** spec 5.4: quoting needs the scope of the operation quoted; a generation's depends on input.type. */
export function scopeOfOperation(op: OperationInfo, input: unknown): Scope | readonly Scope[] {
  return op.operation_id === OPERATION_IDS.createGeneration ? generationScope(input) : op.scope;
}

/**
 * The binding of a quoted operation, computed by the very functions the paid endpoints use, so
 * the hashes and credits of a quote and of the later submission agree exactly (spec 4.3).
 */
export function bindingFor(
  s: Services,
  actor: Actor,
  op: OperationInfo,
  input: unknown,
  target: { character_id: string } | undefined,
): Binding {
  const characterId = target?.character_id ?? '';
  switch (op.operation_id) {
    case OPERATION_IDS.createCharacter:
      return prepareCreateCharacter(s, actor, input, 'input').binding;
    case OPERATION_IDS.regenerateCharacter:
      return prepareRegenerate(s, actor, input, characterId, 'input', 'target.character_id').binding;
    case OPERATION_IDS.revertCharacter:
      return prepareRevert(s, actor, input, characterId, 'input', 'target.character_id').binding;
    case OPERATION_IDS.createGeneration:
      return prepareGeneration(s, actor, input, 'input').binding;
    case OPERATION_IDS.cloneVoice:
      return prepareVoice(s, actor, input, 'input').binding;
    case OPERATION_IDS.createAudio:
      return prepareAudio(s, actor, input, 'input').binding;
    default:
      throw new SandboxError('validation_error', `The operation ${op.operation_id} cannot be quoted.`, 'operation_id');
  }
}
