import { describe, expect, it } from 'vitest';
import { readAhead } from '../../../../../electron/core/sync/readAhead.ts';

/** Pages 1..n, recording when each is requested; page `failAt` rejects. */
function source(n: number, log: string[], failAt: number | null = null): AsyncGenerator<number> {
  return (async function* () {
    for (let page = 1; page <= n; page += 1) {
      log.push(`request ${page}`);
      await new Promise((r) => setTimeout(r, 5));
      if (page === failAt) throw new Error(`page ${page} failed`);
      yield page;
    }
  })();
}

describe('readAhead', () => {
  it('asks for the next page before the caller works on the current one, keeping order', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const page of readAhead(source(3, log))) {
      log.push(`work ${page}`);
      seen.push(page);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(log).toEqual(['request 1', 'request 2', 'work 1', 'request 3', 'work 2', 'work 3']);
  });

  it('hands over every page before a failure, then throws it', async () => {
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of readAhead(source(3, [], 2))) seen.push(page);
      })(),
    ).rejects.toThrow('page 2 failed');
    expect(seen).toEqual([1]);
  });

  it('closes the source when the caller stops early', async () => {
    const log: string[] = [];
    for await (const page of readAhead(source(5, log))) if (page === 2) break;
    await new Promise((r) => setTimeout(r, 30));
    // Page 3 was already asked for; nothing after it.
    expect(log).toEqual(['request 1', 'request 2', 'request 3']);
  });
});
