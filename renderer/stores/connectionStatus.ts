import type { Connection, ConnectionCheck, ConnectionProblem, ConnectionStatus } from '../../shared/ipc/index.ts';
import type { Formats } from '../i18n/format.ts';
import { withServiceWords } from '../errors/errorMessages.ts';

export type StatusTone = 'success' | 'neutral' | 'warning' | 'danger';

/** The header's and the connection card's words for each state of the active connection, and its colour. */
export const CONNECTION_STATUS_WORDS: Record<ConnectionStatus, { words: string; tone: StatusTone }> = {
  connecting: { words: 'connecting…', tone: 'neutral' },
  online: { words: 'online', tone: 'success' },
  offline: { words: 'offline', tone: 'neutral' },
  unreachable: { words: 'service unreachable', tone: 'danger' },
  untrusted_certificate: { words: 'certificate not trusted', tone: 'danger' },
  key_missing: { words: 'no API key', tone: 'warning' },
  key_refused: { words: 'key refused', tone: 'danger' },
  key_expired: { words: 'key expired', tone: 'danger' },
  plan_required: { words: 'plan required', tone: 'warning' },
  service_error: { words: 'service error', tone: 'warning' },
  sandbox_restarting: { words: 'restarting…', tone: 'warning' },
  unavailable: { words: 'not connected', tone: 'danger' },
};

/** A connection from a host that predates `status` is read from `online`. */
export function statusOf(connection: Connection | null | undefined): ConnectionStatus {
  if (!connection) return 'connecting';
  return connection.status ?? (connection.online ? 'online' : 'offline');
}

/** Why the active connection needs the creator, in the studio's language (core sends the reason). */
export function connectionProblemText(problem: ConnectionProblem, formats: Formats): string {
  return formats.text('connection.problem', { reason: problem.reason, kind: problem.kind });
}

/** What asking a service found, in words: whose account it is, or what stood in the way and where. */
export function checkText(check: ConnectionCheck, formats: Formats): string {
  if (!check.problem) return formats.text('settings.check.connected', { account: check.accountName ?? '' });
  const words = formats.text('settings.check.problem', {
    problem: check.problem,
    host: check.host,
    detail: check.detail ?? 'none',
    account: check.accountName ?? '',
  });
  return check.serviceMessage ? withServiceWords(words, check.serviceMessage, formats) : words;
}
