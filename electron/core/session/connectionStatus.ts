import type { ConnectionStatus, Profile } from '../../../shared/ipc/index.ts';
import type { ConnectivityProblem } from './connectivity.ts';

/** What the status is made of: the profile's key, the open session's connectivity and plan, and the sandbox's process. */
export type StatusFacts = {
  /** No profile, or it could not be opened (the sentence says why). */
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

/** The header's sentence for each status that needs the creator; null when there is nothing to say. */
export function statusSentence(status: ConnectionStatus, kind: 'sandbox' | 'remote'): string | null {
  switch (status) {
    case 'online':
    case 'connecting':
      return null;
    case 'offline':
      return 'You are offline. Your library still works; waiting jobs will go out when the connection is back.';
    case 'unreachable':
      return kind === 'sandbox'
        ? 'The local sandbox is not answering. Your library still works; waiting jobs will go out when it answers again.'
        : 'The service is not answering at its address. Your library still works; waiting jobs will go out when it answers again. Check the address in Settings → Connections.';
    case 'untrusted_certificate':
      return 'The service presented a certificate Cast Studio does not trust, so nothing is sent to it. Add its CA certificate in Settings → Connections.';
    case 'key_missing':
      return 'This connection has no API key. Paste your key in Settings → Connections.';
    case 'key_refused':
      return 'The service refused this connection’s API key (it is unknown or was revoked). Paste a new key in Settings → Connections.';
    case 'key_expired':
      return 'This connection’s API key has expired. Create a new key in the web app and paste it in Settings → Connections.';
    case 'plan_required':
      return kind === 'sandbox'
        ? 'The sandbox account has no Creator or Studio plan, so generating is refused. Change the plan in Settings → Sandbox.'
        : 'Your account has no active Creator or Studio plan, so the service refuses to generate. Upgrade the plan in the web app.';
    case 'service_error':
      return 'The service is answering with errors. Cast Studio keeps retrying where it is safe to; try again later.';
    case 'sandbox_restarting':
      return 'The local sandbox stopped; restarting…';
    case 'unavailable':
      return 'This connection could not be opened. Choose a connection in Settings → Connections.';
  }
}
