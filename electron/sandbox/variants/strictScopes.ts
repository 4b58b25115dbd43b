import type { Scope } from '../../../shared/api/index.ts';
import { requireScope } from '../auth.ts';
import { SandboxError } from '../sandboxError.ts';
import { hasActivePlan } from '../users.ts';
import type { Variant } from './variant.ts';

/** The write scope each delete needs; a generation's delete takes either generation scope. */
const DELETE_SCOPES: Readonly<Record<string, Scope | readonly Scope[]>> = {
  'DELETE /v1/characters/:id': 'characters:write',
  'DELETE /v1/generations/:id': ['images:generate', 'videos:generate'],
  'DELETE /v1/audio/:id': 'speech:generate',
};

/**
 * `strict-scopes`: deletes need the write scope of their resource, and a key whose owner has no
 * active plan gets 403 `plan_required` on every /v1 call, `GET /v1/account` included.
 */
export function strictScopes(): Variant {
  return {
    name: 'strict-scopes',
    allowedBy:
      'spec 5.3 (a write needs its scope) and 5.5 (the owner must hold an active plan, otherwise 403 plan_required); spec 7: the status and code of a missing scope are not shown',
    admit: ({ route, actor }) => {
      if (!hasActivePlan(actor.user)) {
        throw new SandboxError(
          'plan_required',
          'The API needs an active Creator or Studio plan, for reading too. Upgrade the plan, then try again.',
        );
      }
      const scopes = DELETE_SCOPES[route];
      if (scopes) requireScope(actor, scopes);
    },
  };
}
