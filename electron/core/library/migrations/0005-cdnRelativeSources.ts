import type { Migration } from './migration.ts';

/** Connection errors (nothing exchanged) as old failure sentences spelled them. */
const UNREACHABLE_CODES = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'Connect Timeout',
];

/**
 * Download sources relative to the connection's CDN, and why a download failed. Sources used to be
 * kept as absolute addresses, so a download queued before the embedded sandbox restarted on
 * another port (or before a CDN moved) kept asking the old address and failed for good. Every
 * source on the connection's CDN is now kept as the part after the CDN's address and resolved
 * against the CDN of the moment (downloads/cdnSources.ts). `failure` says why a failed download
 * failed (`unreachable`, `gone`, `disk_full` or `error`), so the ones that failed only because the
 * server could not be reached go back in line when the connection returns.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'download sources relative to the CDN',
  up(db, context) {
    db.exec('ALTER TABLE downloads ADD COLUMN failure TEXT');
    const unreachable = UNREACHABLE_CODES.map(() => 'error_message LIKE ?').join(' OR ');
    db.prepare(`UPDATE downloads SET failure = 'unreachable' WHERE state = 'failed' AND (${unreachable})`).run(
      ...UNREACHABLE_CODES.map((code) => `%${code}%`),
    );
    db.exec(`
      UPDATE downloads SET failure = 'gone' WHERE state = 'failed' AND failure IS NULL AND error_message LIKE '%no longer available%';
      UPDATE downloads SET failure = 'disk_full' WHERE state = 'failed' AND failure IS NULL AND error_message LIKE '%disk is full%';
      UPDATE downloads SET failure = 'error' WHERE state = 'failed' AND failure IS NULL;
    `);
    const relative = context.cdnSource;
    if (!relative) return;
    const update = db.prepare('UPDATE downloads SET url = ? WHERE id = ?');
    for (const row of db.prepare("SELECT id, url FROM downloads WHERE url LIKE 'http%'").all() as { id: string; url: string }[]) {
      const source = relative(row.url);
      if (source !== null) update.run(source, row.id);
    }
  },
};
