import type { ConnectionProblem, ConnectionStatus, Profile } from '../../../shared/ipc/index.ts';
import type { ConnectivityProblem } from './connectivity.ts';

/** What the status is made of: the profile's key, the open session's connectivity and plan, and the sandbox's process. */
export type StatusFacts = {
  /** No profile, or it could not be opened (the problem says why). */
  opened: boolean;
  keyState: Profile['keyState'];
  sandboxRestarting: boolean;
  connectivity: ConnectivityProblem | null;
  answeredOnce: boolean;
  planRequired: boolean;
};

/**
 * The one status of the active connection. A failure to get through wins (nothing else can be
 * learned then), then the key, then the plan, then server errors; `connecting` until the first answer.
 */
export function connectionStatusOf(facts: StatusFacts): ConnectionStatus {
  if (facts.sandboxRestarting) return 'sandbox_restarting';
  if (!facts.opened) return 'unavailable';
  if (facts.connectivity && facts.connectivity !== 'service_error') return facts.connectivity;
  if (facts.keyState === 'missing') return 'key_missing';
  if (facts.keyState === 'needs_new_key') return 'key_refused';
  if (facts.keyState === 'expired') return 'key_expired';
  if (facts.planRequired) return 'plan_required';
  if (facts.connectivity === 'service_error') return 'service_error';
  return facts.answeredOnce ? 'online' : 'connecting';
}

/** What the header says for each status that needs the creator (the page words it); null when there is nothing to say. */
export function statusProblem(status: ConnectionStatus, kind: 'sandbox' | 'remote'): ConnectionProblem | null {
  if (status === 'online' || status === 'connecting') return null;
  return { reason: status, kind };
}
