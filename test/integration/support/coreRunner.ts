/**
 * A core in a process of its own, for the crash test: it makes sure TOTAL paid intents exist (one
 * commit at a time, so a kill can land between any two), then works until every one is finished
 * and downloaded. It is killed with SIGKILL at random moments and started again on the same data.
 *
 * env: CAST_RUNNER = JSON { userDataDir, keychainService, ready (SandboxReady), total, characterId, voiceId }
 */
import { SandboxReady } from '../../../shared/api/index.ts';
import { createCore } from '../../../electron/core/createCore.ts';
import { KeytarKeychain } from '../../../electron/core/secrets/keychain.ts';
import { headlessCoreDeps } from '../../support/coreDeps.ts';

type Config = { userDataDir: string; keychainService: string; ready: unknown; total: number; characterId: string; voiceId: string };
const config = JSON.parse(process.env.CAST_RUNNER ?? '{}') as Config;
const ready = SandboxReady.parse(config.ready);
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const core = await createCore(
  headlessCoreDeps(config.userDataDir, {
    keychain: new KeytarKeychain(config.keychainService),
    // The sandbox outlives this process; "launching" it hands over the running one.
    launchSandbox: async () => ({ ready, stop: async () => {} }),
    tuning: { pollIntervals: { fastMs: 200, factor: 1.5, capMs: 1_000, backgroundCapMs: 2_000 } },
  }),
);
const session = core.session();
if (!session) throw new Error('no session');
say({
  started: true,
  jobs: session.jobs.inStates(['queued', 'paused', 'sending', 'waiting_connection', 'processing', 'done', 'failed', 'cancelled']).length,
});

const count = () => session.library.get<{ n: number }>('SELECT count(*) AS n FROM jobs')?.n ?? 0;
for (let i = count(); i < config.total; i = count()) {
  const reply =
    i % 4 === 3
      ? await core.router.handle('audio.create', {
          body: { voice_id: config.voiceId, text: `Line number ${i} of the crash run.` },
          quoteId: null,
        })
      : await core.router.handle('generations.create', {
          body: { character_id: config.characterId, type: 'image', prompt: `crash run image ${i}` },
          quoteId: null,
        });
  if (!reply.ok) {
    say({ error: reply.error });
    await new Promise((r) => setTimeout(r, 200));
  } else {
    say({ committed: i });
  }
}

for (;;) {
  const rows = session.library.all<{ state: string; n: number }>('SELECT state, count(*) AS n FROM jobs GROUP BY state');
  const by = Object.fromEntries(rows.map((r) => [r.state, r.n]));
  const pendingDownloads = session.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state = 'pending'")?.n ?? 0;
  say({ progress: by, pendingDownloads });
  if ((by.done ?? 0) + (by.failed ?? 0) === config.total && pendingDownloads === 0) break;
  await new Promise((r) => setTimeout(r, 250));
}
say({ finished: true });
await core.stop();
process.exit(0);
