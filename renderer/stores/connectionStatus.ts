import type { Connection, ConnectionStatus } from '../../shared/ipc/index.ts';

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
