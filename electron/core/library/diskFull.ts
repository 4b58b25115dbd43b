/** SQLite's result code for "database or disk is full". */
const SQLITE_FULL = 13;

/**
 * Whether a write failed because the disk (or the user's quota) has no room: node:sqlite's
 * SQLITE_FULL ("database or disk is full"), or a file system's ENOSPC or EDQUOT.
 */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  // Extended result codes keep the primary code in their low byte.
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && (errcode & 0xff) === SQLITE_FULL;
}
