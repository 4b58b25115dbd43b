import type { Connection, ConnectionStatus } from '../../shared/ipc/index.ts';
import type { MessageId } from '../i18n/catalogs.ts';

export type StatusTone = 'success' | 'neutral' | 'warning' | 'danger';

/** The header's and the connection card's words for each state of the active connection, and its colour. */
export const CONNECTION_STATUS_WORDS: Record<ConnectionStatus, { words: MessageId; tone: StatusTone }> = {
  connecting: { words: 'connection.status.connecting', tone: 'neutral' },
  online: { words: 'connection.status.online', tone: 'success' },
  offline: { words: 'connection.status.offline', tone: 'neutral' },
  unreachable: { words: 'connection.status.unreachable', tone: 'danger' },
  untrusted_certificate: { words: 'connection.status.untrustedCertificate', tone: 'danger' },
  key_missing: { words: 'connection.status.keyMissing', tone: 'warning' },
  key_refused: { words: 'connection.status.keyRefused', tone: 'danger' },
  key_expired: { words: 'connection.status.keyExpired', tone: 'danger' },
  plan_required: { words: 'connection.status.planRequired', tone: 'warning' },
  service_error: { words: 'connection.status.serviceError', tone: 'warning' },
  sandbox_restarting: { words: 'connection.status.sandboxRestarting', tone: 'warning' },
  unavailable: { words: 'connection.status.unavailable', tone: 'danger' },
};

/** A connection from a host that predates `status` is read from `online`. */
export function statusOf(connection: Connection | null | undefined): ConnectionStatus {
  if (!connection) return 'connecting';
  return connection.status ?? (connection.online ? 'online' : 'offline');
}
