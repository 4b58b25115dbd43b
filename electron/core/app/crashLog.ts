// What an uncaught error leaves behind for the next start: a line in logs/crash.log and the last
// crash in logs/last-crash.json, both redacted as the diagnostics are (no key, token or home path).
// The next start reads the last crash, says the app closed unexpectedly, and forgets it when the
// person dismisses the notice (the file is kept as crash-seen.json for a bug report).
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { redactDiagnostics, type KnownSecrets } from './diagnostics.ts';

export type CrashWhere = 'main' | 'core' | 'sandbox' | 'browser host';

/** One crash, as written and as read back: every text already redacted. */
export type CrashRecord = { at: string; where: CrashWhere; origin: string; version: string; message: string; stack: string[] };

const LAST_CRASH = 'last-crash.json';
const SEEN_CRASH = 'crash-seen.json';
const CRASH_LOG = 'crash.log';
const STACK_LINES = 12;
const NO_SECRETS: KnownSecrets = { text: (value) => value };

/** Writes the crash now, synchronously: the process may end as soon as this returns. Never throws. */
export function writeCrash(
  logsDir: string,
  crash: { where: CrashWhere; origin: string; version: string; error: unknown },
  secrets: KnownSecrets = NO_SECRETS,
): void {
  try {
    const redaction = { secrets, homeDir: homedir() };
    const error = crash.error instanceof Error ? crash.error : new Error(String(crash.error));
    const record: CrashRecord = {
      at: new Date().toISOString(),
      where: crash.where,
      origin: crash.origin,
      version: crash.version,
      message: redactDiagnostics(error.message || error.name, redaction),
      stack: (error.stack ?? '')
        .split('\n')
        .slice(1, 1 + STACK_LINES)
        .map((line) => redactDiagnostics(line.trim(), redaction)),
    };
    mkdirSync(logsDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(logsDir, LAST_CRASH), JSON.stringify(record, null, 2), { mode: 0o600 });
    appendFileSync(join(logsDir, CRASH_LOG), `${crashSummary(record)}\n${record.stack.map((l) => `    ${l}`).join('\n')}\n`, {
      mode: 0o600,
    });
  } catch {
    // A crash log that cannot be written must not hide the crash itself.
  }
}

/** The crash a previous run left and nobody has dismissed yet, or null. */
export function readLastCrash(logsDir: string): CrashRecord | null {
  const file = join(logsDir, LAST_CRASH);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<CrashRecord>;
    if (typeof value.at !== 'string' || typeof value.message !== 'string' || typeof value.where !== 'string') return null;
    return {
      at: value.at,
      where: value.where,
      origin: String(value.origin ?? 'uncaughtException'),
      version: String(value.version ?? ''),
      message: value.message,
      stack: Array.isArray(value.stack) ? value.stack.filter((line): line is string => typeof line === 'string') : [],
    };
  } catch {
    return null;
  }
}

/** The person has seen the notice: the crash stays in the logs folder, no longer announced. */
export function dismissCrash(logsDir: string): void {
  const file = join(logsDir, LAST_CRASH);
  if (existsSync(file)) renameSync(file, join(logsDir, SEEN_CRASH));
}

/** One line for the crash log and the diagnostics. */
export function crashSummary(crash: Pick<CrashRecord, 'at' | 'where' | 'origin' | 'version' | 'message'>): string {
  return `${crash.at} ${crash.where}${crash.version ? ` (${crash.version})` : ''} ${crash.origin}: ${crash.message}`;
}

/**
 * Writes every uncaught error and unhandled rejection of this process or thread to the crash log.
 * It only watches (Node's `uncaughtExceptionMonitor`): what the process does next is unchanged.
 */
export function installCrashLog(options: {
  where: CrashWhere;
  logsDir: string;
  version: string;
  secrets?: KnownSecrets;
  /**
   * Also log unhandled rejections that do not end the process: Electron's main process only warns
   * of them. Elsewhere Node ends the process for one, and the monitor sees it.
   */
  rejectionsThatWarn?: boolean;
}): () => void {
  const monitor = (error: unknown, origin: string) =>
    writeCrash(options.logsDir, { where: options.where, origin, version: options.version, error }, options.secrets);
  const rejected = (reason: unknown) => monitor(reason, 'unhandledRejection');
  process.on('uncaughtExceptionMonitor', monitor);
  if (options.rejectionsThatWarn) process.on('unhandledRejection', rejected);
  return () => {
    process.off('uncaughtExceptionMonitor', monitor);
    process.off('unhandledRejection', rejected);
  };
}
