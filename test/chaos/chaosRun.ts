import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import type { SandboxFaults } from '../../shared/api/index.ts';
import type { Job } from '../../shared/ipc/index.ts';
import { createCore, type Core } from '../../electron/core/createCore.ts';
import { wav } from '../../electron/sandbox/media/placeholderRenderer.ts';
import { variantSetOf } from '../../electron/sandbox/variants/registry.ts';
import { startSandbox } from '../support/sandboxProcess.ts';
import { startFaultProxy, NO_FAULTS, type FaultCounts, type FaultRates } from './faultProxy.ts';
import { ChaosCreator, type CreatorCounts } from './support/creator.ts';
import { countLedger, ledgerOperations, type IntendedJob, type LedgerCounts } from './support/ledgerCounts.ts';
import { LibraryRefusal } from './support/libraryRefusal.ts';
import type { SavedFigure } from '../bench/support/savedRuns.ts';
import { SandboxLogTail } from './support/sandboxLogTail.ts';
import { seeded } from './support/seeded.ts';
import { headlessCoreDeps } from '../support/coreDeps.ts';

export type ChaosOptions = {
  /** Paid operations in all, of every kind. */
  ops: number;
  seed: number;
  /** Gives up (and reports what is still open as lost) after this long. */
  timeoutMs: number;
  log?: (line: string) => void;
  proxyRates?: FaultRates;
  /** Service variants of the sandbox (`--variant`, docs/service-decisions.md); none by default. */
  variants?: readonly string[];
};

export type ChaosReport = LedgerCounts & {
  seed: number;
  byKind: Record<string, number>;
  conflicts409: number;
  answers: Record<string, number>;
  proxy: FaultCounts;
  downloadsPending: number;
  libraryCheck: { missing: number; orphans: number } | null;
  /** What the creator saw and did: keys pasted again after a 401, Send again on held jobs. */
  creator: CreatorCounts;
  seconds: number;
  logGap: boolean;
  variants: readonly string[];
};

export const DEFAULT_PROXY_FAULTS: FaultRates = {
  refuse: 0.02,
  reset_before: 0.06,
  lose_response: 0.06,
  spike: 0.05,
  spikeMs: [200, 2_500],
};

type Phase = {
  name: string;
  faults: SandboxFaults;
  ms: number;
  /** Relay rates that differ from the run's during this phase. */
  relay?: Partial<FaultRates>;
  /** Core's library refuses to record answers during this phase. */
  libraryRefuses?: boolean;
};

/**
 * The faults cycled while operations are open: answers lost, then their retries refused
 * 401/402/403 before the replay; the library refusing to record answers; a 5xx burst; calm; a 429
 * storm. 202 ambiguity throughout. The small run sends most of its operations in its first seconds,
 * so the two faults that need a send in flight come first, and replays stay refused through the
 * phase after the losses (a resend waits out its backoff, so it lands there); otherwise a short run
 * could end without meeting them at all.
 */
const PHASES: Phase[] = [
  {
    name: 'answers lost, replays refused',
    faults: { ambiguous_202_rate: 0.3, refuse_replay_rate: 1 },
    ms: 1_500,
    relay: { lose_response: 0.25 },
  },
  {
    name: 'library refuses answers, replays refused',
    faults: { ambiguous_202_rate: 0.15, refuse_replay_rate: 1 },
    ms: 2_000,
    libraryRefuses: true,
  },
  { name: '5xx burst', faults: { rate_5xx: 0.6, ambiguous_202_rate: 0.15 }, ms: 1_500 },
  { name: 'calm', faults: { ambiguous_202_rate: 0.15 }, ms: 2_000 },
  { name: '429 storm', faults: { rate_429: 0.4, retry_after_seconds: 1, ambiguous_202_rate: 0.15 }, ms: 1_500 },
  { name: 'calm', faults: { ambiguous_202_rate: 0.15 }, ms: 1_000 },
];

const KINDS = ['regenerate', 'image', 'video', 'talk', 'voice', 'audio'] as const;

/**
 * Chaos: core (its router, queue, poller and downloads, as the app runs them) sends paid operations
 * of every kind to a real sandbox through a fault-injecting relay while the sandbox injects 5xx
 * bursts, 429s with Retry-After and 202 ambiguity. Then the sandbox's ledger is counted.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = Date.now();
  const say = options.log ?? (() => {});
  const random = seeded(options.seed);
  const variants = options.variants ?? [];
  // The sandbox's own reading of the variants: an unknown name stops the run before it starts.
  const keyRetentionMs = variantSetOf(variants).idempotencyRetentionMs();
  const sandbox = await startSandbox({ speed: 'fast', env: { CAST_SANDBOX_RENDERER: 'placeholder' }, variants });
  const userDataDir = mkdtempSync(join(tmpdir(), 'cast-chaos-'));
  const proxy = await startFaultProxy(Number(new URL(sandbox.ready.base_url).port), { random: seeded(options.seed ^ 0x5eed) });
  const tail = new SandboxLogTail(sandbox);
  tail.start();
  const via = (url: string) => url.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${proxy.port}`);
  // The product's dispatcher settings (electron/core/api/dispatcher.ts), capped at TLS 1.2 so the
  // relay can tell requests from answers; verification stays on, against the sandbox's own CA.
  const dispatcher = new Agent({
    connections: 8,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    headersTimeout: 30_000,
    bodyTimeout: 60_000,
    connect: { ca: readFileSync(sandbox.ready.ca_cert, 'utf8'), rejectUnauthorized: true, timeout: 10_000, maxVersion: 'TLSv1.2' },
  });
  let core: Core | null = null;
  let library: LibraryRefusal | null = null;
  let creator: ChaosCreator | null = null;
  let cycling = false;
  let cycle: Promise<void> = Promise.resolve();
  const relayRates = options.proxyRates ?? DEFAULT_PROXY_FAULTS;
  const startCycle = () => {
    cycling = true;
    cycle = (async () => {
      for (let i = 0; cycling; i += 1) {
        const phase = PHASES[i % PHASES.length]!;
        await sandbox.request('PUT', '/sandbox/faults', { body: phase.faults }).catch(() => undefined);
        proxy.setRates({ ...relayRates, ...phase.relay });
        if (phase.libraryRefuses) library?.refuse();
        else library?.allow();
        const until = Date.now() + phase.ms;
        while (cycling && Date.now() < until) await sleep(100);
      }
    })();
  };
  const stopCycle = async () => {
    cycling = false;
    await cycle;
    library?.allow();
    await sandbox.request('PUT', '/sandbox/faults', { body: {} });
  };
  try {
    const account = await sandbox.request('GET', '/v1/account');
    const userId = (account.body as { data: { id: string } }).data.id;
    await sandbox.request('POST', `/sandbox/users/${userId}/credits`, { body: { amount: options.ops * 60 + 1_000 } });

    core = await createCore(
      headlessCoreDeps(userDataDir, {
        // The sandbox outlives core here; "launching" it hands over the running one, behind the relay.
        launchSandbox: async () => ({
          ready: { ...sandbox.ready, base_url: via(sandbox.ready.base_url), cdn_url: via(sandbox.ready.cdn_url) },
          stop: async () => {},
        }),
        fetchDispatcher: dispatcher,
        tuning: { pollIntervals: { fastMs: 300, factor: 1.5, capMs: 2_000, backgroundCapMs: 4_000 } },
      }),
    );
    const c = core;
    const session = c.session();
    if (!session) throw new Error('core opened no session');
    if (keyRetentionMs !== null) {
      // A service that keeps Idempotency-Keys for a stated time: the creator sets the connection's
      // key retention to it (Settings → Connections), so a request in doubt is never resent past
      // it, even within core's first seconds (at 0, never: history decides).
      const connection = await c.router.handle('connection.get', {});
      const profileId = connection.ok ? (connection.value as { profile: { id: string } | null }).profile?.id : undefined;
      if (!profileId) throw new Error('core has no connection to set the key retention of');
      const set = await c.router.handle('profiles.setKeyRetention', { id: profileId, seconds: Math.floor(keyRetentionMs / 1000) });
      if (!set.ok) throw new Error(`profiles.setKeyRetention: ${JSON.stringify(set.error)}`);
    }
    const invoke = async (command: string, input: unknown): Promise<Job> => {
      const reply = await c.router.handle(command, input);
      if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
      return reply.value as Job;
    };
    // An audio sample for talk clips and voice clones, uploaded before the faults start.
    const sample = await c.router.handle('uploads.create', {
      fileName: 'line.wav',
      contentType: 'audio/wav',
      dataBase64: Buffer.from(wav(1.5, 220).bytes).toString('base64'),
    });
    if (!sample.ok) throw new Error(`upload: ${JSON.stringify(sample.error)}`);
    const wavUrl = (sample.value as { url: string }).url;

    // Faults on: the relay's, and the cycle of the sandbox's and the library's; the creator answers the app.
    library = new LibraryRefusal(session.library.path);
    const refusal = library;
    creator = new ChaosCreator(
      c,
      sandbox.ready.api_key,
      () => refusal.refusing,
      async (key) =>
        (await ledgerOperations(sandbox, userId)).some(
          (o) => o.charges > 0 && (o.idempotency_key === key || o.idempotency_key.endsWith(`:${key}`)),
        ),
    );
    creator.start();
    proxy.setRates(relayRates);
    startCycle();

    const byKind: Record<string, number> = {};
    const count = (kind: string) => (byKind[kind] = (byKind[kind] ?? 0) + 1);
    const deadline = started + options.timeoutMs;
    const open = () =>
      session.library.get<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE state NOT IN ('done', 'failed', 'cancelled')")!.n;
    const waitAll = async (label: string) => {
      for (let last = 0; Date.now() < deadline;) {
        const n = open();
        if (n === 0) return;
        if (Date.now() - last > 5_000) {
          say(`  ${label}: ${n} operations open; relay ${JSON.stringify(proxy.counts)}`);
          last = Date.now();
        }
        await sleep(200);
      }
    };

    // Phase 1: characters (a fifth of the run); half are regenerated later, half get generations.
    const characters = Math.max(4, Math.round(options.ops * 0.2));
    const characterJobs: Job[] = [];
    for (let i = 0; i < characters; i += 1) {
      characterJobs.push(
        await invoke('characters.create', {
          body: { name: `Chaos ${i}`, parameters: { creationType: 'human', mood: `take ${i}` } },
          quoteId: null,
        }),
      );
      count('character');
    }
    say(`  ${characters} characters submitted`);
    await waitAll('characters');
    const ready = characterJobs
      .map((j) => session.jobs.require(j.id))
      .filter((j) => j.state === 'done' && j.resource_id)
      .map((j) => j.resource_id!);
    const toRegenerate = ready.slice(0, Math.floor(ready.length / 2));
    const toGenerate = ready.slice(Math.floor(ready.length / 2));
    if (toGenerate.length === 0) throw new Error('No character became ready; the run cannot go on.');

    // Phase 2: every other kind, shuffled, submitted at once.
    const rest = options.ops - characters;
    const plan: string[] = [];
    for (let i = 0; i < rest; i += 1) {
      let kind: string = KINDS[i % KINDS.length]!;
      if (kind === 'regenerate' && plan.filter((k) => k === 'regenerate').length >= toRegenerate.length) kind = 'image';
      plan.push(kind);
    }
    for (let i = plan.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [plan[i], plan[j]] = [plan[j]!, plan[i]!];
    }
    let regenerated = 0;
    for (const [i, kind] of plan.entries()) {
      const before = Date.now();
      if (i % 50 === 0) say(`  submitting ${i + 1}/${plan.length}; relay ${JSON.stringify(proxy.counts)}`);
      const character = toGenerate[i % toGenerate.length]!;
      if (kind === 'regenerate')
        await invoke('characters.regenerate', {
          id: toRegenerate[regenerated++]!,
          customDetails: i % 2 ? '' : 'a scar over one eye',
          quoteId: null,
        });
      else if (kind === 'image')
        await invoke('generations.create', { body: { character_id: character, type: 'image', prompt: `chaos image ${i}` }, quoteId: null });
      else if (kind === 'video')
        await invoke('generations.create', {
          body: { character_id: character, type: 'video', prompt: `chaos video ${i}`, options: { duration: 2, quality: 'standard' } },
          quoteId: null,
        });
      else if (kind === 'talk')
        await invoke('generations.create', {
          body: {
            character_id: character,
            type: 'talk',
            prompt: `chaos talk ${i}`,
            options: { audio_url: wavUrl, duration: 2, quality: 'standard' },
          },
          quoteId: null,
        });
      else if (kind === 'voice') await invoke('voices.clone', { body: { name: `Chaos voice ${i}`, source_url: wavUrl }, quoteId: null });
      else await invoke('audio.create', { body: { voice_id: await presetVoice(c), text: `Chaos line number ${i}.` }, quoteId: null });
      count(kind);
      // Submitting prices the operation first (a quote over the same faulty network).
      if (Date.now() - before > 10_000) say(`  submitting ${kind} ${i + 1} took ${Math.round((Date.now() - before) / 1000)} s`);
    }
    say(`  ${plan.length} more operations submitted: ${JSON.stringify(byKind)}`);
    await waitAll('operations');

    // Faults off: what is left is the downloads' tail and the count.
    await stopCycle();
    proxy.setRates(NO_FAULTS);
    await session.downloader.idle(Math.max(10_000, deadline - Date.now())).catch(() => undefined);
    const downloadsPending = session.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state = 'pending'")?.n ?? 0;
    const check = await c.router.handle('library.check', {});
    tail.stop();
    await creator.stop();

    const jobs = session.library.all<IntendedJob>('SELECT idempotency_key, state, resource_id, kind FROM jobs');
    const counts = countLedger(jobs, await ledgerOperations(sandbox, userId));
    const answers: Record<string, number> = {};
    for (const [status, n] of [...tail.byStatus.entries()].sort((a, b) => a[0] - b[0])) answers[String(status)] = n;
    const conflicts409 = tail.count(409);
    return {
      ...counts,
      seed: options.seed,
      byKind,
      conflicts409,
      answers,
      proxy: { ...proxy.counts },
      downloadsPending,
      libraryCheck: check.ok ? (check.value as { missing: number; orphans: number }) : null,
      creator: { ...creator.counts },
      seconds: Math.round((Date.now() - started) / 100) / 10,
      logGap: tail.gap,
      variants,
    };
  } finally {
    await stopCycle().catch(() => undefined);
    await creator?.stop().catch(() => undefined);
    library?.close();
    tail.stop();
    await core?.stop().catch(() => undefined);
    await proxy.close();
    await dispatcher.close().catch(() => undefined);
    await sandbox.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

let preset: string | null = null;
async function presetVoice(core: Core): Promise<string> {
  if (preset) return preset;
  const reply = await core.router.handle('voices.list', {});
  if (!reply.ok) throw new Error(`voices.list: ${JSON.stringify(reply.error)}`);
  preset = (reply.value as { presets: { id: string }[] }).presets[0]!.id;
  return preset;
}

/** The report as the issue names it: one line per figure. */
export function formatChaos(r: ChaosReport): string[] {
  return [
    `seed ${r.seed}; ${r.seconds} s; operations by kind ${JSON.stringify(r.byKind)}${r.variants.length ? `; sandbox --variant ${r.variants.join(',')}` : ''}`,
    `relay faults: ${r.proxy.requests} requests, ${r.proxy.resetBefore} reset before the sandbox, ${r.proxy.lostResponses} answers lost after commit, ${r.proxy.spikes} latency spikes, ${r.proxy.refused} connections refused`,
    `library refused the answers of ${r.creator.answersNotSaved} jobs (sent again by the creator ${r.creator.sentAgain} times); ${r.creator.refusedInDoubt} jobs in doubt refused 402/403 and asked again with their key; key pasted again after a 401 ${r.creator.keysPasted} times; ${r.creator.markedDone} jobs the app could not settle marked done by the creator`,
    `sandbox answers by status: ${Object.entries(r.answers)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}${r.logGap ? ' (log window slid: a lower bound)' : ''}`,
    `intended   ${r.intended}`,
    `executed   ${r.executed}`,
    `charged    ${r.charged} (exactly once), ${r.credits} credits`,
    `duplicated ${r.duplicated}`,
    `lost       ${r.lost}`,
    `409s seen  ${r.conflicts409}`,
    `failed     ${r.failed}; downloads pending ${r.downloadsPending}; library check ${JSON.stringify(r.libraryCheck)}`,
    ...r.details.slice(0, 20).map((d) => `  ${d}`),
  ];
}

/** The run's figures as `npm run chaos -- --save` keeps them, named as test/bench/targets.ts lists them. */
export function chaosFigures(r: ChaosReport): SavedFigure[] {
  const count = (name: string, value: number | null, note?: string): SavedFigure =>
    note === undefined ? { name: `chaos_${name}`, value, unit: 'operations' } : { name: `chaos_${name}`, value, unit: 'operations', note };
  return [
    count('intended', r.intended),
    count('executed', r.executed),
    count('charged', r.charged),
    { name: 'chaos_credits', value: r.credits, unit: 'credits' },
    count('duplicated', r.duplicated),
    count('lost', r.lost),
    {
      name: 'chaos_409s',
      value: r.conflicts409,
      unit: 'answers',
      ...(r.logGap ? { note: "the sandbox log's window slid: a lower bound" } : {}),
    },
    { name: 'chaos_downloads_pending', value: r.downloadsPending, unit: 'downloads' },
    { name: 'chaos_library_missing', value: r.libraryCheck?.missing ?? null, unit: 'files' },
    { name: 'chaos_library_orphans', value: r.libraryCheck?.orphans ?? null, unit: 'files' },
    { name: 'chaos_relay_resets', value: r.proxy.resetBefore, unit: 'requests' },
    { name: 'chaos_relay_lost_answers', value: r.proxy.lostResponses, unit: 'answers' },
  ];
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
