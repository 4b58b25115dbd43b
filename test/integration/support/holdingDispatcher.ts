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

  trust(caPath: string): void {
    this.inner = new Agent({ connect: { ca: readFileSync(caPath, 'utf8') } });
  }

  /** How many file requests wait. */
  get waiting(): number {
    return this.held.length;
  }

  release(): void {
    this.holding = false;
    for (const send of this.held.splice(0)) send();
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const inner = this.inner;
    if (!inner) throw new Error('The sandbox is not up yet.');
    const send = (): boolean => {
      this.sent.push({ method: opts.method, path: String(opts.path) });
      return inner.dispatch(opts, handler);
    };
    if (this.holding && isFileRequest(opts)) {
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
