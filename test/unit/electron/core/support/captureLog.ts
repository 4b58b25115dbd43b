import type { LogFields, Logger } from '../../../../../electron/core/log/logger.ts';

/** A logger that keeps every line, so a test can search it for secrets or defects. */
export class CaptureLog implements Logger {
  readonly lines: { level: string; message: string; fields?: LogFields | undefined }[] = [];

  info(message: string, fields?: LogFields): void {
    this.lines.push({ level: 'info', message, fields });
  }

  warn(message: string, fields?: LogFields): void {
    this.lines.push({ level: 'warn', message, fields });
  }

  error(message: string, fields?: LogFields): void {
    this.lines.push({ level: 'error', message, fields });
  }

  text(): string {
    return this.lines.map((l) => `${l.level} ${l.message} ${l.fields ? JSON.stringify(l.fields) : ''}`).join('\n');
  }
}
