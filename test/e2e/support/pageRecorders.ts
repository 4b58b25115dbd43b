/**
 * Scripts a test adds to a page before its own (`page.addInitScript`) to note what the page does
 * from its first script on. Each runs in the page: it may use nothing from this module's scope.
 */

/** Notes when the page first made an `<img>` element (the gallery's tiles make theirs so): `window.firstImageElementAt`. */
export function recordFirstImageElement(): void {
  const record = window as unknown as { firstImageElementAt: number | null };
  record.firstImageElementAt = null;
  const create = Object.getOwnPropertyDescriptor(Document.prototype, 'createElement')?.value as (
    this: Document,
    tag: string,
    options?: ElementCreationOptions,
  ) => HTMLElement;
  Document.prototype.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
    if (record.firstImageElementAt === null && tag.toLowerCase() === 'img') record.firstImageElementAt = performance.now();
    return create.call(this, tag, options);
  } as typeof Document.prototype.createElement;
}

/**
 * Notes when the library's first rows came over the bridge (`window.rowsCameAt`), when they reached
 * the app (`window.rowsAt`), and when the gallery's grid came into the page (`window.gridAt`).
 * With `holdUntilGrid`, the bridge's message carrying those rows, and every message after it, reach
 * the app only once the grid is in the page and laid out (it measures itself as it is added, before
 * a mutation observer hears of it): the order a quiet machine usually gives, made certain.
 * `window.rowsHeld` says whether they had to wait.
 */
export function recordLibraryAnswers(options: { holdUntilGrid: boolean }): void {
  const record = window as unknown as { rowsCameAt: number | null; rowsAt: number | null; gridAt: number | null; rowsHeld: boolean };
  record.rowsCameAt = null;
  record.rowsAt = null;
  record.gridAt = null;
  record.rowsHeld = false;
  const gridIn = () => document.querySelector('.gallery-scroller') !== null;
  const whenGridIn: Array<() => void> = [];
  new MutationObserver(() => {
    if (record.gridAt !== null || !gridIn()) return;
    record.gridAt = performance.now();
    for (const release of whenGridIn.splice(0)) release();
  }).observe(document, { subtree: true, childList: true });
  const isFirstRows = (data: unknown) => typeof data === 'string' && data.includes('"items":[') && data.includes('"total":');
  const Native = WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // The app's handler is kept here, and called by this socket's own listener.
      let handler: ((this: WebSocket, event: MessageEvent) => unknown) | null = null;
      let held: MessageEvent[] | null = null;
      Object.defineProperty(this, 'onmessage', {
        get: () => handler,
        set: (value: typeof handler) => {
          handler = value;
        },
      });
      this.addEventListener('message', (event: MessageEvent) => {
        if (record.rowsCameAt === null && isFirstRows(event.data)) {
          record.rowsCameAt = performance.now();
          if (options.holdUntilGrid && record.gridAt === null) {
            record.rowsHeld = true;
            held = [];
            whenGridIn.push(() => {
              record.rowsAt = performance.now();
              for (const next of held!.splice(0)) handler?.call(this, next);
              held = null;
            });
          } else record.rowsAt = performance.now();
        }
        if (held) held.push(event);
        else handler?.call(this, event);
      });
    }
  };
}
