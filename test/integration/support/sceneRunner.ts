/**
 * A core in a process of its own, for the scene crash test: it gives the character a voice, writes
 * the scene once, asks for its render (on every start: lines already queued are never queued
 * again), then works until every line is done. It is killed with SIGKILL at random moments and
 * started again on the same data.
 *
 * env: CAST_RUNNER = JSON { userDataDir, keychainService, ready (SandboxReady), characterId, voiceId, lineIds }
 */
import { SandboxReady } from '../../../shared/api/index.ts';
import type { Scene, SceneSummary } from '../../../shared/ipc/scenes.ts';
import { createCore } from '../../../electron/core/createCore.ts';
import { KeytarKeychain } from '../../../electron/core/secrets/keychain.ts';
import { headlessCoreDeps } from '../../support/coreDeps.ts';

type Config = { userDataDir: string; keychainService: string; ready: unknown; characterId: string; voiceId: string; lineIds: string[] };
const config = JSON.parse(process.env.CAST_RUNNER ?? '{}') as Config;
const ready = SandboxReady.parse(config.ready);
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const core = await createCore(
  headlessCoreDeps(config.userDataDir, {
    keychain: new KeytarKeychain(config.keychainService),
    launchSandbox: async () => ({ ready, stop: async () => {} }),
    tuning: { pollIntervals: { fastMs: 200, factor: 1.5, capMs: 1_000, backgroundCapMs: 2_000 } },
  }),
);
async function call<T>(command: string, input: unknown): Promise<T> {
  for (;;) {
    const reply = await core.router.handle(command, input);
    if (reply.ok) return reply.value as T;
    say({ error: reply.error, command });
    await pause(300);
  }
}

// The character comes with the first history sync.
while (!(await core.router.handle('characters.get', { id: config.characterId })).ok) await pause(200);
await call('cast.setVoice', { characterId: config.characterId, voiceId: config.voiceId });
const [existing] = await call<SceneSummary[]>('scenes.list', {});
const sceneId = existing?.id ?? (await call<Scene>('scenes.create', { title: 'Crash scene' })).id;
if (!existing) {
  const talk = (id: string, text: string) => ({
    id,
    kind: 'talk',
    characterId: config.characterId,
    voiceId: null,
    text,
    emotion: null,
    talk: { duration: 1 },
    clipItemId: null,
  });
  const [a, b, c, d] = config.lineIds as [string, string, string, string];
  const lines = [
    talk(a, 'First line.'),
    talk(b, 'Second line.'),
    { ...talk(c, 'The narrator speaks.'), kind: 'speech', characterId: null, voiceId: config.voiceId, talk: null },
    talk(d, 'Last line.'),
  ];
  await call('scenes.update', { id: sceneId, quality: 'standard', lines });
}
say({ scene: sceneId });
const rendered = await call<{ jobs: unknown[] }>('scenes.render', { id: sceneId });
say({ queued: rendered.jobs.length });

for (;;) {
  const scene = await call<Scene>('scenes.get', { id: sceneId });
  const states = scene.lines.map((l) => l.state);
  say({ progress: states });
  if (states.every((s) => s === 'done')) break;
  if (states.includes('failed')) await call('scenes.render', { id: sceneId });
  await pause(300);
}
say({ finished: true });
await core.stop();
process.exit(0);
