import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Cursor pages with the next one already asked for: page N+1 is requested before page N is handed
 * over, so its round trip overlaps the caller's local work on page N (writing it, events,
 * downloads) instead of following it. Cursor paging stays serial on the wire: the next request
 * needs this page's cursor, which it already has. The order of pages and of errors is unchanged.
 */
export async function* readAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = pages.next();
  let finished = false;
  try {
    for (;;) {
      const current = await next;
      if (current.done) {
        finished = true;
        return;
      }
      next = pages.next();
      // Its failure is awaited (and thrown) on the next round; until then it must not count as unhandled.
      next.catch(() => {});
      // Two turns of the event loop: the request reaches the socket, and a reader of that socket in
      // this process (a relay, a local service) gets its poll phase before the synchronous page work.
      await nextTurn();
      await nextTurn();
      yield current.value;
    }
  } finally {
    // The caller stopped early (or threw): close the source once its request in flight settles.
    if (!finished)
      void next
        .then(
          () => pages.return(undefined),
          () => undefined,
        )
        .catch(() => undefined);
  }
}
