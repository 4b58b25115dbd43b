import { writeFileSync } from 'atomically';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Logger } from '../log/logger.ts';

/**
 * Small key-value preferences in `preferences.json`, written by core only (FilePreferences below).
 * The desktop's main process keeps its window state in a file of its own (electron/main/windowStateFile.ts).
 */
export interface Preferences {
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
  /** The file the preferences are stored in (tests read it to prove no secret is there). */
  readonly path: string;
  /** Set when the file could not be read at this start and was moved aside (FilePreferences). */
  readonly damaged?: DamagedPreferences | null;
}

/** What electron-store (`conf` underneath) offers: the desktop's window state file is one. */
export type KeyValueStore = {
  has(key: string): boolean;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  readonly path: string;
};

export type DamagedPreferences = {
  /** Where the unreadable file was moved, beside the new one, for a person to look at or restore. */
  movedTo: string;
  reason: string;
};

/**
 * Core's preferences in `<cwd>/preferences.json`, in both shells and in tests: JSON in the format
 * `conf` wrote (a tab-indented object), read once, written whole and atomically (`atomically`:
 * a temporary file renamed over the old one), mode 0600.
 *
 * Not `conf` itself: it loads a JSON-schema validator and semver at start for schemas and
 * migrations this file does not use (about 50 ms of core's start on a 2-core machine), reads the
 * file again at every `get`, and refuses to start on a damaged file. Core is this file's only
 * writer, so what was read once stays true.
 *
 * A file that is not a JSON object (cut short, edited by hand, overwritten) is moved aside to
 * `preferences.damaged-<time>.json` and core starts from defaults, rather than not at all;
 * `onDamaged` hears where it went. A file that cannot be read at all (no permission) still throws.
 */
export class FilePreferences implements Preferences {
  readonly path: string;
  readonly damaged: DamagedPreferences | null = null;
  private values: Record<string, unknown>;

  constructor(options: { cwd: string; configName?: string; onDamaged?: (damaged: DamagedPreferences) => void }) {
    this.path = join(options.cwd, `${options.configName ?? 'preferences'}.json`);
    const read = readValues(this.path);
    if (read.ok) this.values = read.values;
    else {
      this.damaged = { movedTo: moveAside(this.path), reason: read.reason };
      this.values = {};
      options.onDamaged?.(this.damaged);
    }
  }

  get<T>(key: string, fallback: T): T {
    // A copy: a caller that changes what it was given does not change what is stored.
    return Object.hasOwn(this.values, key) ? (structuredClone(this.values[key]) as T) : fallback;
  }

  set(key: string, value: unknown): void {
    const next = { ...this.values };
    if (value === undefined) delete next[key];
    else next[key] = structuredClone(value);
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(this.path, JSON.stringify(next, undefined, '\t'), { mode: 0o600 });
    this.values = next;
  }
}

/** Core's own preferences in a user data folder; a damaged file is moved aside with a warning in the log. */
export function corePreferences(userDataDir: string, log: Logger): FilePreferences {
  return new FilePreferences({
    cwd: userDataDir,
    onDamaged: ({ movedTo, reason }) =>
      log.warn('Cast Studio could not read its preferences and starts from its defaults; the damaged file was kept.', { movedTo, reason }),
  });
}

/**
 * The values in `<cwd>/preferences.json` as they are, for a shell that needs one before core starts
 * (the screen the page opens on): read only, never moved aside or written, so core's own read at
 * its start still finds a damaged file and reports it. Null when the file cannot be read as an object.
 */
export function peekPreferences(cwd: string): Record<string, unknown> | null {
  try {
    const read = readValues(join(cwd, 'preferences.json'));
    return read.ok ? read.values : null;
  } catch {
    return null;
  }
}

function readValues(path: string): { ok: true; values: Record<string, unknown> } | { ok: false; reason: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, values: {} };
    throw new Error(`Cast Studio could not read its preferences (${path}): ${(error as Error).message}`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the file's text, which is not the log's to keep.
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'not a JSON object' };
  return { ok: true, values: parsed as Record<string, unknown> };
}

/** Renames a damaged file to a name of its own beside it; returns that path. */
function moveAside(path: string): string {
  const stamp = new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
  const base = path.replace(/\.json$/, '');
  for (let n = 0; ; n += 1) {
    const target = `${base}.damaged-${stamp}${n > 0 ? `-${String(n)}` : ''}.json`;
    if (existsSync(target)) continue;
    renameSync(path, target);
    return target;
  }
}
