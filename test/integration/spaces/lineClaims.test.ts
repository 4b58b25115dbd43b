import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scene, SceneLineInput } from '../../../shared/ipc/scenes.ts';
import { sceneDocumentName } from '../../../shared/sync/documentNames.ts';
import { writeClaim } from '../../../shared/sync/lineClaims.ts';
import { machineIdOf } from '../../../electron/core/scenes/claimHolders.ts';
import { SILENT_MS } from '../../../electron/core/spaces/lineClaims.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';
import { startSandbox, type SandboxHandle } from '../../support/sandboxProcess.ts';
import { startCore, type Harness } from '../support/coreHarness.ts';
import { ledger, type LedgerOperation } from '../support/ledger.ts';
import { openDocument, type OpenDocument } from '../sync/support/members.ts';
import {
  inviteCode,
  joinAs,
  startSyncServerProcess,
  tempFolder,
  type Membership,
  type SyncServerProcess,
} from '../sync/support/syncServerProcess.ts';
import { membershipOf } from './support/spaceMachine.ts';

/** How long a render of a few narrator lines may take on the fast sandbox before the test says what it waited for. */
const PATIENCE_MS = 120_000;
/** A test renders and waits for both machines: a few of those waits at most. */
const TEST_MS = 4 * PATIENCE_MS;

const data = tempFolder('space-claims-server-');
let server: SyncServerProcess;
let sandbox: SandboxHandle;
let a: Harness;
let b: Harness;
const keychainA = new MemoryKeychain();
let spaceId = '';
let ana: Membership;
let cleo: Membership;
let voiceId = '';
const documents: OpenDocument[] = [];

/**
 * Two whole cores in one space (one sync server) on ONE sandbox: the same service account, its
 * key and its ledger, over real HTTPS. The sandbox outlives either core (A is stopped and started again).
 */
beforeAll(async () => {
  server = await startSyncServerProcess(data.path);
  sandbox = await startSandbox({ speed: 'fast' });
  a = await startA();
  b = await startCore({ keychain: new MemoryKeychain(), deps: { launchSandbox: onSandbox } });
  const ben = await member('Ben');
  [ana, cleo] = [await member('Ana'), await member('Cleo')];
  spaceId = ana.spaceId;
  await a.core.session()!.spaceLink.open(membershipOf(server.httpUrl, ana, 'Ana'));
  await b.core.session()!.spaceLink.open(membershipOf(server.httpUrl, ben, 'Ben'));
  const voices = (await a.invoke('voices.list', {})) as { presets: { id: string }[] };
  voiceId = voices.presets[0]!.id;
  await b.invoke('voices.list', {});
}, 180_000);

afterAll(async () => {
  for (const doc of documents) doc.destroy();
  await b?.stop();
  await a?.stop();
  await server?.kill();
  await sandbox?.stop();
  data.remove();
});

async function onSandbox() {
  return { ready: sandbox.ready, stop: async () => {} };
}

function startA(userDataDir?: string): Promise<Harness> {
  return startCore({ keychain: keychainA, ...(userDataDir ? { userDataDir } : {}), deps: { launchSandbox: onSandbox } });
}

async function member(name: string) {
  return joinAs(server.httpUrl, (await inviteCode(data.path, 'Claims film', name)).code);
}

function narrator(text: string): SceneLineInput {
  return { id: randomUUID(), kind: 'speech', characterId: null, voiceId, text, emotion: null, talk: null, clipItemId: null };
}

/** A scene made on A whose lines B's library holds too, with nothing left to sync on either side. */
async function sharedScene(title: string, texts: readonly string[]): Promise<Scene> {
  const scene = (await a.invoke('scenes.create', { title })) as Scene;
  const lines = texts.map(narrator);
  await a.invoke('scenes.update', { id: scene.id, quality: 'standard', lines });
  await b.waitFor('scene.updated', (view) => view.id === scene.id && view.lines.length === lines.length, PATIENCE_MS);
  await Promise.all([settled(a), settled(b)]);
  return (await a.invoke('scenes.get', { id: scene.id })) as Scene;
}

/** Every change the machine made is on the sync server. */
async function settled(h: Harness): Promise<void> {
  const link = h.core.session()!.spaceLink;
  const done = () => link.status().state === 'synced' && link.status().pendingChanges === 0;
  if (done()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Still syncing: ${JSON.stringify(link.status())}`)), PATIENCE_MS);
    const off = link.onStatus(() => {
      if (!done()) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/** The scene on one machine once every one of its lines is done with its media in that library. */
function everyLineDone(h: Harness, scene: Scene): Promise<Scene> {
  const done = (view: Scene) =>
    view.id === scene.id && view.lines.length === scene.lines.length && view.lines.every((l) => l.state === 'done' && l.mediaId !== null);
  return h.waitFor('scene.updated', done, PATIENCE_MS);
}

/** The charged operations the ledger holds that were not there before. */
async function chargedSince(before: readonly LedgerOperation[]): Promise<LedgerOperation[]> {
  const known = new Set(before.map((o) => o.idempotency_key));
  return (await ledger(sandbox)).filter((o) => !known.has(o.idempotency_key) && o.charges > 0);
}

/** A machine's claims on every line of the scene, written as it would (its member's token, its machine id). */
async function claimsOf(scene: Scene, holder: { member: Membership; name: string; machineId: string; at: number }): Promise<void> {
  const doc = openDocument(server.url, sceneDocumentName(spaceId, scene.id), holder.member.token);
  documents.push(doc);
  await doc.synced();
  for (const line of scene.lines) {
    writeClaim(doc.doc, {
      key: line.key,
      lineId: line.id,
      memberId: holder.member.memberId,
      memberName: holder.name,
      machineId: holder.machineId,
      at: holder.at,
      beat: holder.at,
      choosing: false,
      ticket: 1,
      attempt: 1,
      released: false,
      result: null,
    });
  }
  await doc.acknowledged();
}

describe('line claims: two machines of one account render a scene, each line paid once', () => {
  it(
    'charges each line exactly once when A and B click Render at the same moment, and both end with every line',
    async () => {
      const scene = await sharedScene('Same moment', ['The tide comes in.', 'Gulls over the pier.', 'Night falls on the town.']);
      const before = await ledger(sandbox);

      const [fromA, fromB] = (await Promise.all([
        a.invoke('scenes.render', { id: scene.id }),
        b.invoke('scenes.render', { id: scene.id }),
      ])) as { jobs: unknown[] }[];
      // Between them the two machines queued one speech per line, no more.
      expect(fromA!.jobs.length + fromB!.jobs.length).toBe(scene.lines.length);

      const [doneA, doneB] = await Promise.all([everyLineDone(a, scene), everyLineDone(b, scene)]);
      expect(doneB.lines.map((l) => l.audioId)).toEqual(doneA.lines.map((l) => l.audioId));

      const charged = await chargedSince(before);
      expect(charged).toHaveLength(scene.lines.length);
      for (const operation of charged) expect(operation.charges).toBe(1);
      expect(new Set(charged.map((o) => o.resource_id))).toEqual(new Set(doneA.lines.map((l) => l.audioId)));
    },
    TEST_MS,
  );

  it(
    'waits for a silent machine whose job the service’s history shows, and pays nothing',
    async () => {
      const scene = await sharedScene('History shows it', ['The lighthouse keeper sleeps.']);
      const line = scene.lines[0]!;
      // The silent machine sent the line's speech before it fell silent: the service ran it.
      const sent = await sandbox.request('POST', '/v1/audio', {
        headers: { 'idempotency-key': randomUUID() },
        body: { voice_id: voiceId, text: line.text },
      });
      expect(sent.status).toBe(201);
      await claimsOf(scene, { member: cleo, name: 'Cleo', machineId: 'machine-of-cleo', at: Date.now() - SILENT_MS - 60_000 });
      const before = await ledger(sandbox);

      const rendered = (await b.invoke('scenes.render', { id: scene.id })) as { jobs: unknown[]; scene: Scene };
      expect(rendered.jobs).toEqual([]);
      expect(rendered.scene.lines[0]).toMatchObject({ state: 'rendering', renderingOn: 'Cleo' });
      expect(await chargedSince(before)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'takes over a silent machine’s line when history shows no job for it, and charges it once',
    async () => {
      const scene = await sharedScene('Taken over', ['A bell rings twice.', 'The ferry leaves late.']);
      await claimsOf(scene, { member: cleo, name: 'Cleo', machineId: 'machine-of-cleo', at: Date.now() - SILENT_MS - 60_000 });
      const before = await ledger(sandbox);

      const rendered = (await b.invoke('scenes.render', { id: scene.id })) as { jobs: unknown[] };
      expect(rendered.jobs).toHaveLength(scene.lines.length);
      await Promise.all([everyLineDone(b, scene), everyLineDone(a, scene)]);
      const charged = await chargedSince(before);
      expect(charged).toHaveLength(scene.lines.length);
      for (const operation of charged) expect(operation.charges).toBe(1);
    },
    TEST_MS,
  );

  it(
    'does not lose a line whose machine stopped after claiming it and before sending: B waits, A sends it once started again',
    async () => {
      const scene = await sharedScene('Claimed then stopped', ['The net comes up empty.']);
      // A claimed the line, then stopped before its intent was committed: a claim, no job.
      const machineA = machineIdOf(a.core.session()!.library);
      const userDataDir = a.userDataDir;
      await a.stop();
      await claimsOf(scene, { member: ana, name: 'Ana', machineId: machineA, at: Date.now() });
      const before = await ledger(sandbox);

      // B sees Ana's machine render it, and waits instead of paying.
      const waiting = (await b.invoke('scenes.render', { id: scene.id })) as { jobs: unknown[]; scene: Scene };
      expect(waiting.jobs).toEqual([]);
      expect(waiting.scene.lines[0]).toMatchObject({ state: 'rendering', renderingOn: 'Ana' });
      expect(await b.invoke('scenes.price', { id: scene.id })).toMatchObject({ toRender: 0, totalCredits: 0 });

      a = await startA(userDataDir);
      await a.core.session()!.spaceLink.open(membershipOf(server.httpUrl, ana, 'Ana'));
      await settled(a);
      const rendered = (await a.invoke('scenes.render', { id: scene.id })) as { jobs: unknown[] };
      expect(rendered.jobs).toHaveLength(1);
      await Promise.all([everyLineDone(a, scene), everyLineDone(b, scene)]);
      const charged = await chargedSince(before);
      expect(charged).toHaveLength(1);
      expect(charged[0]!.charges).toBe(1);
    },
    TEST_MS,
  );

  // Last: it stops the sync server.
  it(
    'keeps each line to one charge when the sync server is out of reach: the key both machines share, and history for the other',
    async () => {
      const scene = await sharedScene('Out of reach', ['The radio goes quiet.', 'Somebody knocks.']);
      await server.kill();
      const before = await ledger(sandbox);

      // Neither machine can confirm its claims, so both send, under the keys they compute alike.
      const [fromA, fromB] = (await Promise.all([
        a.invoke('scenes.render', { id: scene.id }),
        b.invoke('scenes.render', { id: scene.id }),
      ])) as { jobs: unknown[] }[];
      expect(fromA!.jobs.length + fromB!.jobs.length).toBe(2 * scene.lines.length);

      // The service runs each key once; the machine refused takes the other's record from history.
      const [doneA, doneB] = await Promise.all([everyLineDone(a, scene), everyLineDone(b, scene)]);
      expect(doneB.lines.map((l) => l.audioId)).toEqual(doneA.lines.map((l) => l.audioId));
      const charged = await chargedSince(before);
      expect(charged).toHaveLength(scene.lines.length);
      for (const operation of charged) expect(operation.charges).toBe(1);
      // A key the machines share, refused for the other's request, is not a defect of ours.
      for (const h of [a, b]) expect(h.log.lines.filter((l) => l.message.startsWith('Defect'))).toEqual([]);
    },
    TEST_MS,
  );
});
