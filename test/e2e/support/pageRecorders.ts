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
