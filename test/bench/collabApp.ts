import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import * as Y from 'yjs';
import type { EventName, EventPayload } from '../../shared/ipc/index.ts';
import type { Scene, SceneLineInput } from '../../shared/ipc/scenes.ts';
import { sceneDocumentName } from '../../shared/sync/documentNames.ts';
import { lineText, readScene } from '../../shared/sync/sceneDocument.ts';
import { LOCAL_ORIGIN } from '../../electron/core/spaces/documentOrigins.ts';
import type { LazySpaceLink } from '../../electron/core/spaces/lazySpaceLink.ts';
import type { SpaceLinkStatus, SpaceMembership } from '../../electron/core/spaces/spaceLink.ts';
import { SpaceUpdateStore } from '../../electron/core/spaces/spaceUpdateStore.ts';
import { startCore, type Harness } from '../integration/support/coreHarness.ts';
import { startTcpProxy } from '../integration/support/tcpProxy.ts';
import { line, membershipOf } from '../integration/spaces/support/spaceMachine.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder } from '../integration/sync/support/syncServerProcess.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { BARE_BROADCAST, portOf, relayClient } from './collabFanout.ts';
import { median, percentile, round, sleep, type BenchOptions, type Metric } from './support/stats.ts';

const SCENE_LINES = 200;
const OFFLINE_CHANGES = 1000;
/** The offline scene starts with this many lines; every tenth change adds one. */
const OFFLINE_START_LINES = 20;
/** About eight characters a second, each keystroke 0.5–1.5 of this after the last. */
const TYPING_PACE_MS = 125;
/** How long a benchmark waits for a condition before it says what it waited for. */
const PATIENCE_MS = 120_000;
const LETTERS = 'the quick brown fox jumps over the lazy dog ';

/** One machine: a core on its own user-data folder (its own library, its own sandbox) and its space link. */
type Machine = { h: Harness; link: LazySpaceLink; membership: SpaceMembership };
type Machines = { a: Machine; b: Machine; spaceId: string; proxy: Awaited<ReturnType<typeof startTcpProxy>> };

/**
 * Three figures of two machines in one space, each a whole core (commands, library, space link)
 * in this process with one sync server process between them; B reaches the server through a
 * loopback TCP relay that can be cut. Every figure prints a same-run reference of bare Y.Docs.
 *
 * - `collab_scene_open_ms_200`: a 200-line scene that B's space documents hold on disk but B's
 *   library does not (as after the documents arrived and the app started again): from opening
 *   B's space link to `scenes.get` answering with all 200 lines, median of `--runs`. Reference:
 *   the same stored updates (read from B's file before the timer) applied to a new Y.Doc and its
 *   lines read into plain objects.
 * - `collab_keystroke_p95_ms`: a line's text grown one character at a time through A's
 *   `scenes.editLineText` (what the scene editor sends: the key as a change against the text core
 *   last gave it) at a typing pace, to B's core announcing `scene.updated` with that text, p95.
 *   Core to core: the editor's own debounce (TEXT_SEND_MS) is not in it. Reference: the same characters inserted into the line's Y.Text of one bare Y.Doc and
 *   arriving in another over the bare relay (`support/bareBroadcast.ts`).
 * - `collab_offline_merge_ms_1000`: B, cut off, makes 1,000 line edits and inserts through its
 *   `scenes.update`; from B's socket being connected again to A's library holding B's lines and B
 *   having nothing pending. Reference: the same 1,000 updates held by a bare Y.Doc, sent as one
 *   update against the state both held at the cut over the bare relay, applied by the other bare
 *   Y.Doc, which answers once (one WebSocket round trip).
 */
export async function benchCollabApp(options: BenchOptions): Promise<Metric[]> {
  const data = tempFolder('bench-collabapp-');
  const server = await startSyncServerProcess(data.path);
  const proxy = await startTcpProxy(Number(new URL(server.httpUrl).port));
  const harnesses: Harness[] = [];
  try {
    const [ana, ben] = [await invite(data.path, server.httpUrl, 'Ana'), await invite(data.path, server.httpUrl, 'Ben')];
    const a = await machine(membershipOf(server.httpUrl, ana, 'Ana'), harnesses);
    const b = await machine(membershipOf(`http://127.0.0.1:${proxy.port}`, ben, 'Ben'), harnesses);
    const machines: Machines = { a, b, spaceId: ana.spaceId, proxy };
    await Promise.all([settled(a), settled(b)]);
    options.log('  collab app: two cores in one space');
    const sceneId = await sharedScene(machines);
    const open = await sceneOpen(machines, sceneId, options);
    const keystroke = await keystrokes(machines, sceneId, options);
    const merge = await offlineMerge(machines, options);
    return [
      ...withReference(`collab_scene_open_ms_${SCENE_LINES}`, open),
      ...withReference('collab_keystroke_p95_ms', keystroke),
      ...withReference(`collab_offline_merge_ms_${OFFLINE_CHANGES}`, merge),
    ];
  } finally {
    for (const h of harnesses) await h.stop();
    await proxy.close();
    await server.kill();
    data.remove();
  }
}

type Measured = { value: number; reference: number; note: string; referenceNote: string };

function withReference(name: string, m: Measured): Metric[] {
  return [
    { name, value: round(m.value), unit: 'ms', note: m.note },
    { name: `${name}_reference`, value: round(m.reference, 3), unit: 'ms', note: m.referenceNote },
    {
      name: `${name}_ratio`,
      value: m.reference > 0 ? round(m.value / m.reference) : null,
      unit: '×',
      note: `${round(m.value)} ms over ${round(m.reference, 3)} ms`,
    },
  ];
}

async function invite(folder: string, httpUrl: string, member: string) {
  return joinAs(httpUrl, (await inviteCode(folder, 'Bench film', member)).code);
}

async function machine(membership: SpaceMembership, harnesses: Harness[]): Promise<Machine> {
  const h = await startCore({ keychain: new MemoryKeychain() });
  harnesses.push(h);
  const link = h.core.session()!.spaceLink;
  await link.open(membership);
  return { h, link, membership };
}

/** A 200-line scene made on A through its commands, once B's library holds it and both have nothing pending. */
async function sharedScene({ a, b }: Machines): Promise<string> {
  const scene = (await a.h.invoke('scenes.create', { title: 'Two hundred lines' })) as Scene;
  const lines = Array.from({ length: SCENE_LINES }, (_, index) => line(`Line ${index}: two bowls of noodles, please, and tea.`));
  const arrived = nextEvent(b, 'scene.updated', (view) => view.id === scene.id && view.lines.length === SCENE_LINES);
  await a.h.invoke('scenes.update', { id: scene.id, lines });
  await arrived;
  await Promise.all([settled(a), settled(b)]);
  return scene.id;
}

// --- collab_scene_open_ms ---

async function sceneOpen(m: Machines, sceneId: string, options: BenchOptions): Promise<Measured> {
  const { b } = m;
  const runs = options.quick ? 1 : options.runs;
  const times: number[] = [];
  const references: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await b.link.close();
    // Out of B's library behind its stores' back: the scene is then only in the documents on disk.
    const library = b.h.core.session()!.library;
    library.run('DELETE FROM scene_lines WHERE scene_id = ?', sceneId);
    library.run('DELETE FROM scenes WHERE id = ?', sceneId);
    const stored = storedUpdates(b, sceneDocumentName(m.spaceId, sceneId));
    references.push(decodeScene(stored));
    const started = performance.now();
    const arrived = nextEvent(b, 'scene.updated', (view) => view.id === sceneId && view.lines.length === SCENE_LINES);
    await b.link.open(b.membership);
    const now = await sceneOf(b, sceneId);
    if (now?.lines.length !== SCENE_LINES) await arrived;
    times.push(performance.now() - started);
    void arrived.catch(() => undefined);
    await settled(b);
    options.log(
      `  collab scene open: ${round(times.at(-1)!)} ms (${stored.length} stored updates), bare ${round(references.at(-1)!, 3)} ms`,
    );
  }
  return {
    value: median(times),
    reference: median(references),
    note: `B's link opened to scenes.get with ${SCENE_LINES} lines, median of ${runs}: ${times.map((t) => round(t)).join(', ')} ms`,
    referenceNote: `the same stored updates applied to a bare Y.Doc and read, median of ${runs}`,
  };
}

/** The stored updates of one of B's documents, read from its space file while the link is closed. */
function storedUpdates(b: Machine, documentName: string): Uint8Array[] {
  const folder = join(dirname(b.h.core.session()!.library.path), 'spaces');
  const files = readdirSync(folder).filter((file) => file.endsWith('.db'));
  if (files.length !== 1) throw new Error(`Expected one space file in ${folder}, found ${files.length}.`);
  const store = SpaceUpdateStore.open(join(folder, files[0]!));
  try {
    return store.updates(documentName);
  } finally {
    store.close();
  }
}

/** The least opening the scene needs: its stored updates applied to a new document, its lines read out. */
function decodeScene(stored: readonly Uint8Array[]): number {
  const started = performance.now();
  const doc = new Y.Doc();
  for (const update of stored) Y.applyUpdate(doc, update);
  const lines = readScene(doc).lines;
  const took = performance.now() - started;
  doc.destroy();
  if (lines.length !== SCENE_LINES) throw new Error(`The stored scene holds ${lines.length} lines, not ${SCENE_LINES}.`);
  return took;
}

async function sceneOf(machine: Machine, sceneId: string): Promise<Scene | null> {
  try {
    return (await machine.h.invoke('scenes.get', { id: sceneId })) as Scene;
  } catch {
    return null;
  }
}

// --- collab_keystroke_p95_ms ---

async function keystrokes(m: Machines, sceneId: string, options: BenchOptions): Promise<Measured> {
  const count = options.quick ? 30 : 60;
  const scene = (await m.a.h.invoke('scenes.get', { id: sceneId })) as Scene;
  const lines: SceneLineInput[] = scene.lines.map(inputOf);
  const index = Math.floor(lines.length / 2);
  const target = lines[index]!;
  const start = Y.encodeStateAsUpdate(m.a.link.sceneDocument(sceneId)!);
  const delays = await typeThroughCores(m, sceneId, lines, index, count);
  const bare = await typeThroughBareRelay(start, target.id, count);
  const note = (d: number[]) => `${d.length} keystrokes; p50 ${round(percentile(d, 50), 3)} ms, max ${round(Math.max(...d), 3)} ms`;
  options.log(`  collab keystroke: cores ${note(delays)}; bare ${note(bare)}`);
  return {
    value: percentile(delays, 95),
    reference: percentile(bare, 95),
    note: `A's scenes.editLineText to B's scene.updated with the text (core to core): ${note(delays)}`,
    referenceNote: `the same characters into the line's Y.Text over the bare relay: ${note(bare)}`,
  };
}

async function typeThroughCores(m: Machines, sceneId: string, lines: SceneLineInput[], index: number, count: number): Promise<number[]> {
  const target = lines[index]!;
  const sent: number[] = [];
  const delays: number[] = [];
  const off = m.b.h.core.router.subscribe((event, payload) => {
    if (event !== 'scene.updated') return;
    const view = payload as Scene;
    if (view.id !== sceneId) return;
    const arrived = performance.now();
    const typed = (view.lines.find((l) => l.id === target.id)?.text.length ?? 0) - target.text.length;
    while (delays.length < Math.min(typed, sent.length)) delays.push(arrived - sent[delays.length]!);
  });
  try {
    let base = target.text;
    for (let key = 1; key <= count; key += 1) {
      const typed = typing(key).slice(-1);
      sent.push(performance.now());
      const line = (await m.a.h.invoke('scenes.editLineText', {
        sceneId,
        lineId: target.id,
        base,
        changes: [{ at: base.length, remove: 0, insert: typed }],
      })) as SceneLineInput;
      base = line.text;
      await sleep(TYPING_PACE_MS * (0.5 + Math.random()));
    }
    await waitFor('every keystroke on B', () => delays.length === count);
  } finally {
    off();
  }
  return delays;
}

async function typeThroughBareRelay(start: Uint8Array, lineId: string, count: number): Promise<number[]> {
  const relay = spawn(process.execPath, [BARE_BROADCAST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const clients: { destroy: () => void }[] = [];
  try {
    const port = await portOf(relay);
    const [from, to] = [await relayClient(port, 0, start), await relayClient(port, 0, start)];
    clients.push(from, to);
    const base = lineText(to.doc, lineId)!.length;
    const sent: number[] = [];
    const delays: number[] = [];
    to.doc.on('update', () => {
      const arrived = performance.now();
      const typed = lineText(to.doc, lineId)!.length - base;
      while (delays.length < Math.min(typed, sent.length)) delays.push(arrived - sent[delays.length]!);
    });
    for (let key = 1; key <= count; key += 1) {
      const body = lineText(from.doc, lineId)!;
      sent.push(performance.now());
      body.insert(body.length, typing(key).at(-1)!);
      await sleep(TYPING_PACE_MS * (0.5 + Math.random()));
    }
    await waitFor('every keystroke on the bare relay', () => delays.length === count);
    return delays;
  } finally {
    for (const client of clients) client.destroy();
    relay.kill('SIGKILL');
  }
}

/** What `key` keystrokes have typed so far. */
function typing(key: number): string {
  let text = '';
  while (text.length < key) text += LETTERS;
  return ` ${text}`.slice(0, key);
}

function inputOf(l: Scene['lines'][number]): SceneLineInput {
  const { id, kind, characterId, voiceId, text, emotion, talk, clipItemId } = l;
  return { id, kind, characterId, voiceId, text, emotion, talk, clipItemId };
}

// --- collab_offline_merge_ms ---

async function offlineMerge(m: Machines, options: BenchOptions): Promise<Measured> {
  const { a, b, proxy } = m;
  const scene = (await a.h.invoke('scenes.create', { title: 'Offline' })) as Scene;
  let lines = Array.from({ length: OFFLINE_START_LINES }, (_, index) => line(`Offline line ${index}.`));
  const arrived = nextEvent(b, 'scene.updated', (view) => view.id === scene.id && view.lines.length === OFFLINE_START_LINES);
  await a.h.invoke('scenes.update', { id: scene.id, lines });
  await arrived;
  await Promise.all([settled(a), settled(b)]);

  await proxy.cut();
  await waitForStatus(b, 'B offline', (status) => status.state === 'offline');
  const doc = b.link.sceneDocument(scene.id)!;
  const base = Y.encodeStateAsUpdate(doc);
  const updates: Uint8Array[] = [];
  const keep = (update: Uint8Array, origin: unknown) => origin === LOCAL_ORIGIN && updates.push(update);
  doc.on('update', keep);
  const offlineStarted = performance.now();
  for (let change = 0; change < OFFLINE_CHANGES; change += 1) {
    lines = changed(lines, change);
    await b.h.invoke('scenes.update', { id: scene.id, lines });
  }
  doc.off('update', keep);
  const pending = b.link.status().pendingChanges;
  options.log(
    `  collab offline: ${OFFLINE_CHANGES} changes made offline in ${round((performance.now() - offlineStarted) / 1000)} s, ${pending} pending`,
  );
  const reconnect = await reconnectAndMerge(m, scene.id, lines);
  const bare = await mergeThroughBareRelay(base, updates);
  const note = `${pending} pending on B; the relay restored to B's socket connected: ${round(reconnect.waited)} ms (the connection's retry), not in the figure`;
  options.log(`  collab offline: merged in ${round(reconnect.merged)} ms; bare ${round(bare, 3)} ms; ${note}`);
  return {
    value: reconnect.merged,
    reference: bare,
    note: `B's socket connected again to A's library holding B's lines and B nothing pending; ${note}`,
    referenceNote: `the same ${updates.length} updates as one update over the bare relay and one answer back`,
  };
}

/** The lines after one more offline change: every tenth adds a line, the others add a word to one. */
function changed(lines: SceneLineInput[], change: number): SceneLineInput[] {
  const at = (change * 7) % lines.length;
  if (change % 10 === 9) return [...lines.slice(0, at), line(`Added offline ${change}.`), ...lines.slice(at)];
  return lines.map((l, index) => (index === at ? { ...l, text: `${l.text} w${change}` } : l));
}

async function reconnectAndMerge(m: Machines, sceneId: string, lines: SceneLineInput[]): Promise<{ merged: number; waited: number }> {
  const { a, b, proxy } = m;
  const expected = JSON.stringify(lines.map((l) => [l.id, l.text]));
  let connectedAt: number | null = null;
  const offStatus = b.link.onStatus((status) => {
    if (connectedAt === null && status.state !== 'offline') connectedAt = performance.now();
  });
  const sameOnA = (view: Scene) => view.id === sceneId && JSON.stringify(view.lines.map((l) => [l.id, l.text])) === expected;
  const onA = nextEvent(a, 'scene.updated', sameOnA).then(() => performance.now());
  const restored = performance.now();
  await proxy.restore();
  const onB = waitForStatus(b, 'B synced', (s) => s.state === 'synced' && s.pendingChanges === 0).then(() => performance.now());
  const [aAt, bAt] = await Promise.all([onA, onB]);
  offStatus();
  if (connectedAt === null) throw new Error('B never reported its connection back.');
  const onAStill = await sceneOf(a, sceneId);
  if (!onAStill || !sameOnA(onAStill)) throw new Error("A's library does not hold B's lines after the merge.");
  return { merged: Math.max(aAt, bAt) - connectedAt, waited: connectedAt - restored };
}

/** The least the merge needs: B's updates against the state both held at the cut, over the bare relay, and one answer back. */
async function mergeThroughBareRelay(base: Uint8Array, updates: readonly Uint8Array[]): Promise<number> {
  const relay = spawn(process.execPath, [BARE_BROADCAST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const sockets: WebSocket[] = [];
  try {
    const port = await portOf(relay);
    const [atA, atB] = [new Y.Doc(), new Y.Doc()];
    Y.applyUpdate(atA, base);
    Y.applyUpdate(atB, base);
    for (const update of updates) Y.applyUpdate(atB, update);
    const baseVector = Y.encodeStateVector(atA);
    for (let i = 0; i < 2; i += 1) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/offline`);
      socket.binaryType = 'nodebuffer';
      sockets.push(socket);
      await once(socket, 'open');
    }
    const [toA, toB] = sockets as [WebSocket, WebSocket];
    toA.on('message', (data: Buffer) => {
      Y.applyUpdate(atA, new Uint8Array(data));
      toA.send(new Uint8Array([1]));
    });
    const answered = once(toB, 'message');
    const started = performance.now();
    toB.send(Y.encodeStateAsUpdate(atB, baseVector));
    await answered;
    const took = performance.now() - started;
    if (JSON.stringify(readScene(atA).lines) !== JSON.stringify(readScene(atB).lines))
      throw new Error('The bare documents differ after the merge.');
    return took;
  } finally {
    for (const socket of sockets) socket.terminate();
    relay.kill('SIGKILL');
  }
}

// --- waiting ---

/** The next event of this name on the machine's router that passes `test` (earlier ones do not count). */
function nextEvent<E extends EventName>(machine: Machine, event: E, test: (payload: EventPayload<E>) => boolean): Promise<EventPayload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Still waiting for ${event}.`));
    }, PATIENCE_MS).unref();
    const off = machine.h.core.router.subscribe((name, payload) => {
      if (name !== event || !test(payload as EventPayload<E>)) return;
      clearTimeout(timer);
      off();
      resolve(payload as EventPayload<E>);
    });
  });
}

function waitForStatus(machine: Machine, what: string, test: (status: SpaceLinkStatus) => boolean): Promise<void> {
  if (test(machine.link.status())) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Still waiting for ${what} (status ${JSON.stringify(machine.link.status())}).`));
    }, PATIENCE_MS).unref();
    const off = machine.link.onStatus((status) => {
      if (!test(status)) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/** Every change made on the machine is on the server. */
function settled(machine: Machine): Promise<void> {
  return waitForStatus(machine, 'every change acknowledged', (s) => s.state === 'synced' && s.pendingChanges === 0);
}

/** Looks every 5 ms until `check` holds (the arrivals are timed where they happen, not here). */
async function waitFor(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}.`);
    await sleep(5);
  }
}
