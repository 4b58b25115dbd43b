import type { SandboxHandle } from '../../support/sandboxProcess.ts';

const REQUEST_LINE = /^\S+ (GET|POST|PUT|DELETE|HEAD|PATCH|OPTIONS) (\S+) (\d{3}) \d+ms$/;

/**
 * Counts the sandbox's own request log (`<time> METHOD /path STATUS Nms`), by status and by path,
 * reading the handle's rolling log window often enough that no line is missed.
 */
export class SandboxLogTail {
  readonly byStatus = new Map<number, number>();
  readonly lines: { method: string; path: string; status: number }[] = [];
  /** True if the window slid past unread lines (the counts are then a lower bound). */
  gap = false;
  private readonly sandbox: SandboxHandle;
  private tail = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(sandbox: SandboxHandle) {
    this.sandbox = sandbox;
  }

  start(everyMs = 200): void {
    this.timer = setInterval(() => this.read(), everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.read();
  }

  count(status: number): number {
    return this.byStatus.get(status) ?? 0;
  }

  read(): void {
    const all = this.sandbox.logs();
    let fresh = all;
    if (this.tail) {
      const at = all.lastIndexOf(this.tail);
      if (at === -1) this.gap = true;
      else fresh = all.slice(at + this.tail.length);
    }
    // Keep a partial last line for the next read.
    const end = fresh.lastIndexOf('\n');
    if (end === -1) return;
    const complete = fresh.slice(0, end + 1);
    this.tail = (this.tail + complete).slice(-400);
    for (const line of complete.split('\n')) {
      const m = REQUEST_LINE.exec(line.trim());
      if (!m) continue;
      const status = Number(m[3]);
      this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
      this.lines.push({ method: m[1]!, path: m[2]!, status });
    }
  }
}
