import { readFileSync } from 'node:fs';
import { Agent, Dispatcher } from 'undici';

/**
 * A dispatcher that trusts the sandbox's CA and, while `losing` says so, lets a request reach the
 * sandbox and then drops its answer: the request ran (and was charged), the client saw the
 * connection fail. While `down` says so, a request never reaches the sandbox: its connection is
 * refused, as in an outage.
 */
export class LosingDispatcher extends Dispatcher {
  inner: Dispatcher | null = null;
  losing: (opts: Dispatcher.DispatchOptions) => boolean = () => false;
  down: (opts: Dispatcher.DispatchOptions) => boolean = () => false;
  lost = 0;
  refused = 0;

  trust(caPath: string): void {
    const agent = new Agent({ connect: { ca: readFileSync(caPath, 'utf8') } });
    this.inner = agent.compose((dispatch) => (opts, handler) => {
      if (this.down(opts)) {
        this.refused += 1;
        // Port 1 on loopback refuses the connection: a real ECONNREFUSED, nothing sent.
        return dispatch({ ...opts, origin: 'https://127.0.0.1:1' }, handler);
      }
      if (!this.losing(opts)) return dispatch(opts, handler);
      return dispatch(opts, {
        onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
        onResponseStart: (controller) => {
          this.lost += 1;
          controller.abort(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
        },
        onResponseData: () => {},
        onResponseEnd: () => {},
        onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
      });
    });
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    if (!this.inner) throw new Error('The sandbox is not up yet.');
    return this.inner.dispatch(opts, handler);
  }

  override async close(): Promise<void> {
    await this.inner?.close();
  }

  override async destroy(): Promise<void> {
    await this.inner?.destroy();
  }
}

export const isGenerationPost = (opts: Dispatcher.DispatchOptions): boolean =>
  opts.method === 'POST' && String(opts.path).startsWith('/v1/generations');
