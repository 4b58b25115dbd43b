import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../../electron/core/api/apiClient.ts';
import { HttpClient } from '../../../../../electron/core/api/httpClient.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { Poller, type Observation, type UpdatedAfterMemory } from '../../../../../electron/core/poller/poller.ts';
import type { UpdatedAfterMode } from '../../../../../electron/core/sync/updatedAfterSupport.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { json, startLocalServer, type Seen } from '../support/localServer.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function generation(n: number, status: string) {
  return {
    id: id(n),
    type: 'image',
    status,
    prompt: 'p',
    character_id: id(999),
    credits_used: 1,
    completed_at: status === 'completed' ? new Date().toISOString() : null,
    error_message: null,
    ...(status === 'completed' ? { output: { url: `https://cdn/x${n}.png`, thumbnail_url: `https://cdn/t${n}.png` } } : {}),
    extra_field: 'tolerated',
  };
}

async function setup(
  respond: (req: Seen, res: Parameters<Parameters<typeof startLocalServer>[0]>[1]) => void,
  options: { batchThreshold?: number; updatedAfter?: UpdatedAfterMemory } = {},
) {
  const server = await startLocalServer((req, res) => respond(req, res));
  cleanups.push(() => server.close());
  const dispatcher = new Agent();
  cleanups.push(() => dispatcher.close());
  const log = new CaptureLog();
  const api = new ApiClient(
    new HttpClient({ baseUrl: server.url, dispatcher, apiKey: () => 'k', clock: systemClock, random: () => 0.5, log }),
    log,
  );
  const observed: Observation[] = [];
  const poller = new Poller({
    api,
    canPoll: () => true,
    observe: (o) => observed.push(o),
    clock: systemClock,
    random: () => 0.5,
    log,
    intervals: { fastMs: 40, factor: 2, capMs: 320, backgroundCapMs: 640 },
    batchThreshold: options.batchThreshold ?? 6,
    ...(options.updatedAfter ? { updatedAfter: options.updatedAfter } : {}),
  });
  cleanups.push(() => poller.stop());
  return { server, poller, observed };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('poller', () => {
  it('sends no request at all while nothing is in flight', async () => {
    const { server } = await setup((_req, res) => json(res, 500, {}));
    await wait(300);
    expect(server.seen).toHaveLength(0);
  });

  it('backs off per resource up to the cap, goes fast again on focus, and stops at a terminal state', async () => {
    let done = false;
    const { server, poller, observed } = await setup((_req, res) =>
      json(res, 200, { data: generation(1, done ? 'completed' : 'processing') }),
    );
    poller.track('generation', id(1));
    await wait(1_300);
    const gaps = server.seen.slice(1).map((r, i) => r.at - server.seen[i]!.at);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!); // backing off
    expect(Math.max(...gaps)).toBeLessThan(320 * 1.25 + 60); // capped (with jitter)
    // Unfocused, the poll after the next backs off to the background cap (640 ms, at least 480 with
    // jitter); focus brings it at once. Waiting for that poll first keeps a busy machine's delays
    // from passing for focus.
    poller.setFocused(false);
    const unfocused = server.seen.length;
    while (server.seen.length === unfocused) await wait(5);
    poller.setFocused(true);
    const before = server.seen.length;
    const focusedAt = Date.now();
    while (server.seen.length === before && Date.now() - focusedAt < 250) await wait(5);
    expect(server.seen.length).toBeGreaterThan(before); // fast again on focus
    done = true;
    await wait(500);
    const count = server.seen.length;
    expect(observed.at(-1)).toMatchObject({ kind: 'generation', record: { status: 'completed', extra_field: 'tolerated' } });
    await wait(400);
    expect(server.seen.length).toBe(count);
    expect(poller.size).toBe(0);
  });

  it('follows many generations through the list endpoint’s status filter instead of one request each', async () => {
    const finished = new Set<number>();
    const { server, poller, observed } = await setup((req, res) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/v1/generations') {
        const status = url.searchParams.get('status');
        expect(url.searchParams.get('updated_after')).toBeTruthy();
        const items = status === 'completed' ? [...finished].map((n) => generation(n, 'completed')) : [];
        return json(res, 200, { data: items, meta: { has_more: false, next_cursor: null } }, { date: new Date().toUTCString() });
      }
      return json(res, 200, { data: generation(Number(url.pathname.slice(-4)), 'processing') });
    });
    for (let n = 1; n <= 20; n += 1) poller.track('generation', id(n));
    await wait(150);
    for (let n = 1; n <= 20; n += 1) finished.add(n);
    await wait(600);
    expect(observed.filter((o) => 'record' in o && o.record.status === 'completed')).toHaveLength(20);
    expect(server.seen.filter((r) => r.url.startsWith('/v1/generations/'))).toHaveLength(0);
    expect(server.seen.every((r) => /status=(completed|failed)/.test(r.url))).toBe(true);
    expect(poller.size).toBe(0);
  });

  it('falls back to listing in-flight generations when the service refuses updated_after', async () => {
    const { server, poller, observed } = await setup((req, res) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/v1/generations') {
        if (url.searchParams.has('updated_after'))
          return json(res, 400, { error: { code: 'validation_error', message: 'unknown filter' } });
        // Only #1 is still processing; the rest left the in-flight lists.
        const items = url.searchParams.get('status') === 'processing' ? [generation(1, 'processing')] : [];
        return json(res, 200, { data: items, meta: { has_more: false, next_cursor: null } });
      }
      const n = Number(url.pathname.slice(-4));
      return json(res, 200, { data: generation(n, n === 1 ? 'processing' : 'completed') });
    });
    for (let n = 1; n <= 8; n += 1) poller.track('generation', id(n));
    await wait(500);
    const singles = server.seen.filter((r) => r.url.startsWith('/v1/generations/')).map((r) => r.url);
    // Each finished one is read once; #1 stays in flight (followed alone once the batch is small).
    const finishedReads = singles.filter((u) => u !== `/v1/generations/${id(1)}`);
    expect(finishedReads).toHaveLength(7);
    expect(new Set(finishedReads).size).toBe(7);
    expect(observed.filter((o) => 'record' in o && o.record.status === 'completed')).toHaveLength(7);
  });

  describe('against a service that ignores updated_after (not in spec 4.2)', () => {
    const HISTORY = 1_000;
    const JOBS = 30;

    /** A service with a long finished history that answers every list as if `updated_after` were not there. */
    function ignoringService() {
      const finishedAt = new Map<number, string>();
      const old = new Date(Date.now() - 3_600_000).toISOString();
      const record = (n: number) => {
        if (n > JOBS) return { ...generation(n, 'completed'), completed_at: old };
        const at = finishedAt.get(n);
        return at ? { ...generation(n, 'completed'), completed_at: at } : generation(n, 'processing');
      };
      const respond = (req: Seen, res: Parameters<Parameters<typeof startLocalServer>[0]>[1]) => {
        const url = new URL(req.url, 'http://x');
        if (url.pathname === '/v1/generations') {
          const status = url.searchParams.get('status');
          const all = [...Array.from({ length: JOBS }, (_, i) => i + 1), ...Array.from({ length: HISTORY }, (_, i) => JOBS + 1 + i)].map(
            record,
          );
          const matching = all.filter((g) => !status || g.status === status);
          const start = Number(url.searchParams.get('cursor') ?? 0);
          const limit = Number(url.searchParams.get('limit') ?? 100);
          const page = matching.slice(start, start + limit);
          const more = start + limit < matching.length;
          return json(
            res,
            200,
            { data: page, meta: { has_more: more, next_cursor: more ? String(start + limit) : null } },
            { date: new Date().toUTCString() },
          );
        }
        return json(res, 200, { data: record(Number(url.pathname.slice(-4))) });
      };
      return { respond, finish: (n: number) => finishedAt.set(n, new Date().toISOString()) };
    }

    function memory(initial: UpdatedAfterMode = 'unknown'): UpdatedAfterMemory & { remembered: UpdatedAfterMode[] } {
      let mode = initial;
      const remembered: UpdatedAfterMode[] = [];
      return {
        remembered,
        get mode() {
          return mode;
        },
        get usable() {
          return mode === 'unknown' || mode === 'applied';
        },
        remember: (m) => {
          mode = m;
          remembered.push(m);
        },
      };
    }

    async function runJobs(updatedAfter: UpdatedAfterMemory) {
      const service = ignoringService();
      const { server, poller, observed } = await setup(service.respond, { updatedAfter });
      for (let n = 1; n <= JOBS; n += 1) poller.track('generation', id(n));
      for (let n = 1; n <= JOBS; n += 1) {
        await wait(25);
        service.finish(n);
      }
      for (let i = 0; i < 200 && poller.size > 0; i += 1) await wait(50);
      const completed = observed.filter((o) => 'record' in o && o.record.status === 'completed').length;
      const busy = server.seen.length;
      await wait(400);
      return { server, completed, busy, idle: server.seen.length - busy };
    }

    it('learns it from records finished before the asked time, remembers it, and stays within 1.5 requests per finished job', async () => {
      const updatedAfter = memory();
      const { server, completed, busy, idle } = await runJobs(updatedAfter);
      expect(completed).toBe(JOBS);
      expect(updatedAfter.remembered).toEqual(['ignored']);
      // The history (1,000 finished records, 10 pages) is never paged through.
      expect(server.seen.filter((r) => r.url.includes('updated_after'))).toHaveLength(1);
      expect(server.seen.filter((r) => /cursor=/.test(r.url))).toHaveLength(0);
      expect(busy / JOBS).toBeLessThanOrEqual(1.5);
      expect(idle).toBe(0);
    });

    it('never asks for updated_after once the connection knows it is ignored', async () => {
      const { server, completed, busy, idle } = await runJobs(memory('ignored'));
      expect(completed).toBe(JOBS);
      expect(server.seen.some((r) => r.url.includes('updated_after'))).toBe(false);
      expect(busy / JOBS).toBeLessThanOrEqual(1.5);
      expect(idle).toBe(0);
    });
  });
});
