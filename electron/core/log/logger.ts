import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

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
    for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, (_m, bearer: unknown) => (typeof bearer === 'string' && /^Bearer/i.test(bearer) ? `${bearer}${REDACTED}` : REDACTED));
    return out;
  }

  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value instanceof Error) return { name: value.name, message: this.text(value.message) };
    if (depth > 5 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && v !== null && v !== undefined ? REDACTED : this.value(v, depth + 1);
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

/** JSON lines appended to a file under the user data folder (already redacted by the caller). */
export class FileLogSink implements Logger {
  private readonly path: string;

  constructor(path: string) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true });
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

  private append(level: Level, message: string, fields?: LogFields): void {
    appendFileSync(this.path, `${JSON.stringify({ t: new Date().toISOString(), level, message, ...(fields ? { fields } : {}) })}\n`);
  }
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
