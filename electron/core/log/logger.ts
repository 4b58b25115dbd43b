import { mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

type Level = 'info' | 'warn' | 'error';

// spec 2.1: keys are sk_live_ + 64 hex; webhook secrets whsec_…; a bearer header carries either.
const SECRET_PATTERNS = [/sk_live_[0-9a-zA-Z]+/g, /whsec_[0-9a-zA-Z]+/g, /(Bearer\s+)[^\s"',]+/gi];
const SECRET_FIELD = /^(authorization|api[_-]?key|apikey|key|secret|token|admin[_-]?token|password)$/i;
const REDACTED = '[redacted]';

/**
 * Removes secrets from text: every API-key-shaped string, every bearer credential and every value
 * registered with `addSecret` (such as the sandbox admin token), wherever they appear.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  addSecret(secret: string | null | undefined): void {
    if (secret && secret.length >= 8) this.secrets.add(secret);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED);
    for (const pattern of SECRET_PATTERNS)
      out = out.replace(pattern, (_m, bearer: unknown) =>
        typeof bearer === 'string' && /^Bearer/i.test(bearer) ? `${bearer}${REDACTED}` : REDACTED,
      );
    return out;
  }

  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value instanceof Error) return { name: value.name, message: this.text(value.message) };
    if (depth > 5 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_FIELD.test(k) && v !== null && v !== undefined ? REDACTED : this.value(v, depth + 1);
    return out;
  }
}

/** A logger that never writes a secret: every message and field passes through the redactor first. */
export class RedactingLogger implements Logger {
  private readonly sinks: Logger[];
  readonly redactor: Redactor;

  constructor(sinks: Logger[], redactor: Redactor = new Redactor()) {
    this.sinks = sinks;
    this.redactor = redactor;
  }

  info(message: string, fields?: LogFields): void {
    this.write('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    this.write('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    this.write('error', message, fields);
  }

  private write(level: Level, message: string, fields?: LogFields): void {
    const text = this.redactor.text(message);
    const clean = fields === undefined ? undefined : (this.redactor.value(fields) as LogFields);
    for (const sink of this.sinks) {
      try {
        sink[level](text, clean);
      } catch {
        // A failing sink (closed stream, full disk) must never break the operation being logged.
      }
    }
  }
}

/** How big one log file grows before it is rotated, and how many rotated files are kept beside it. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_FILES_KEPT = 3;
/** Lines waiting for the disk past this many bytes are dropped (and counted), never queued without end. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/** How long a log that could not be written (a full disk) waits before it opens its file again. */
const REOPEN_AFTER_MS = 30_000;

export type FileLogOptions = { maxBytes?: number; keep?: number; reopenAfterMs?: number };

/**
 * JSON lines written to a file under the user data folder (already redacted by the caller), without
 * blocking: a rotating-file-stream writes in the background, rotates the file past `maxBytes` into
 * `<name>.1` … `<name>.<keep>` and removes older ones. A full or failing disk drops lines (and
 * counts them), never the app; the file is opened again a little later, so the log goes on once
 * the disk has room.
 */
export class FileLogSink implements Logger {
  private stream: RotatingFileStream;
  private readonly path: string;
  private readonly options: FileLogOptions;
  private failed = false;
  private failedAt = 0;
  private closing = false;
  private dropped = 0;
  /** Lines were lost with a stream that failed (how many is not known: they were waiting in it). */
  private lost = false;

  constructor(path: string, options: FileLogOptions = {}) {
    this.path = path;
    this.options = options;
    mkdirSync(dirname(path), { recursive: true });
    this.stream = this.open();
  }

  private open(): RotatingFileStream {
    const stream = createStream(basename(this.path), {
      path: dirname(this.path),
      size: `${this.options.maxBytes ?? LOG_FILE_MAX_BYTES}B`,
      rotate: this.options.keep ?? LOG_FILES_KEPT,
      mode: 0o600,
    });
    stream.on('error', () => {
      if (stream !== this.stream) return;
      this.failed = true;
      this.lost = true;
      this.failedAt = Date.now();
      stream.destroy();
    });
    return stream;
  }

  /** Whether the file failed (a full disk) and has not been opened again yet. */
  get failing(): boolean {
    return this.failed;
  }

  /** After a failure, the file is opened again once a while has passed; false while it stays shut. */
  private reopened(): boolean {
    if (this.closing || Date.now() - this.failedAt < (this.options.reopenAfterMs ?? REOPEN_AFTER_MS)) return false;
    try {
      this.failed = false;
      this.stream = this.open();
      // The failed write may have left half a line: the next one starts on a line of its own.
      this.stream.write('\n');
      return true;
    } catch {
      this.failed = true;
      this.failedAt = Date.now();
      return false;
    }
  }

  info(message: string, fields?: LogFields): void {
    this.append('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    this.append('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    this.append('error', message, fields);
  }

  /** Resolves once every line written so far is on disk (or the file has failed). */
  close(): Promise<void> {
    this.closing = true;
    return new Promise((resolve) => {
      if (this.failed || this.stream.destroyed || this.stream.writableFinished) return resolve();
      this.stream.once('error', () => resolve());
      this.stream.end(() => resolve());
    });
  }

  private append(level: Level, message: string, fields?: LogFields): void {
    if (this.failed && !this.reopened()) {
      this.dropped += 1;
      return;
    }
    if (this.stream.writableEnded) return;
    if (this.stream.writableLength > MAX_PENDING_BYTES) {
      this.dropped += 1;
      return;
    }
    const t = new Date().toISOString();
    if (this.dropped > 0 || this.lost) {
      this.stream.write(
        `${JSON.stringify({ t, level: 'warn', message: 'Log lines were dropped while the disk was slow, full or failing.', fields: { dropped: this.dropped, lostInFailedWrite: this.lost } })}\n`,
      );
      this.dropped = 0;
      this.lost = false;
    }
    this.stream.write(`${JSON.stringify({ t, level, message, ...(fields ? { fields } : {}) })}\n`);
  }
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
