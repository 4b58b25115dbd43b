import { readFileSync } from 'node:fs';
import { Agent, Dispatcher } from 'undici';

/** A file request (the CDN's `/cdn/…` or a storage origin's `/storage/…`), as opposed to the service's API. */
export const isFileRequest = (opts: Dispatcher.DispatchOptions): boolean => /^\/(cdn|storage)\//.test(String(opts.path));

/**
 * Core's dispatcher for a test: trusts the sandbox's CA, counts every request it sends, and while
 * `holding` keeps file requests from leaving (as if downloads were paused), sending them on
 * `release()`, late, with the addresses they were made with.
 */
export class HoldingDispatcher extends Dispatcher {
  holding = true;
  /** Every request sent (held ones when they leave), in order. */
  readonly sent: { method: string; path: string }[] = [];
  private inner: Dispatcher | null = null;
  private held: (() => void)[] = [];
  /** File requests still let through before holding again. */
  private allowance = Number.POSITIVE_INFINITY;

  trust(caPath: string): void {
    this.inner = new Agent({ connect: { ca: readFileSync(caPath, 'utf8') } });
  }

  /** How many file requests wait. */
  get waiting(): number {
    return this.held.length;
  }

  /** Sends what waits and lets file requests through: all of them, or the next `count` (held ones first), then holds again. */
  release(count = Number.POSITIVE_INFINITY): void {
    this.holding = false;
    this.allowance = count;
    for (const send of this.held.splice(0)) {
      if (this.spend()) send();
      else this.held.push(send);
    }
  }

  /** True while the allowance lasts; holds again once it is spent. */
  private spend(): boolean {
    if (this.allowance <= 0) this.holding = true;
    if (this.holding) return false;
    this.allowance -= 1;
    return true;
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const inner = this.inner;
    if (!inner) throw new Error('The sandbox is not up yet.');
    const send = (): boolean => {
      this.sent.push({ method: opts.method, path: String(opts.path) });
      return inner.dispatch(opts, handler);
    };
    if (isFileRequest(opts) && !this.spend()) {
      this.held.push(send);
      return true;
    }
    return send();
  }

  override async close(): Promise<void> {
    this.release();
    await this.inner?.close();
  }

  override async destroy(): Promise<void> {
    this.release();
    await this.inner?.destroy();
  }
}
