import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { sceneDocumentName } from '../../shared/sync/documentNames.ts';
import { insertLine, updateLine } from '../../shared/sync/sceneDocument.ts';
import { openDocument, type OpenDocument } from '../integration/sync/support/members.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder } from '../integration/sync/support/syncServerProcess.ts';
import { percentile, round, sleep, type BenchOptions, type Metric } from './support/stats.ts';

const CLIENTS_PER_SCENE = 5;
/** Each client edits its line about once a second (jittered), so 500 clients make ~500 edits/s. */
const EDIT_INTERVAL_MS = 1000;
const PROBE = 'benchProbe';
const REMOTE = 'remote';
export const BARE_BROADCAST = fileURLToPath(new URL('./support/bareBroadcast.ts', import.meta.url));

/** One client of a scene's document, however it is connected. */
type Client = { doc: Y.Doc; destroy: () => void };
type Fanout = { p95: number; note: string };

/**
 * `collab_fanout_p95_ms_500_clients`: one sync server process (the real CLI, its SQLite storing
 * each update before acknowledging it), 500 clients (HocuspocusProvider, one WebSocket each) in
 * this process on 100 scene documents, five per scene. Each client types into its own line about
 * once a second and stamps the edit with the time it made it (a probe map in the same
 * transaction); every other client of that scene times the edit's arrival. The figure is the p95
 * of those deliveries over the measured window; the clients share this one process, so their own
 * work is in it. `--quick`: 100 clients on 20 scenes.
 *
 * The reference, in the same run: the same clients, documents and edits over a bare WebSocket
 * relay in a process of its own (`support/bareBroadcast.ts`), which forwards each update to the
 * scene's other clients and does nothing else; the clients apply what arrives as Yjs does.
 */
export async function benchCollabFanout(options: BenchOptions): Promise<Metric[]> {
  const clientCount = options.quick ? 100 : 500;
  const measureMs = options.quick ? 10_000 : 30_000;
  const name = `collab_fanout_p95_ms_${clientCount}_clients`;
  const server = await fanoutThroughServer(clientCount, measureMs, options);
  const bare = await fanoutThroughBareRelay(clientCount, measureMs, options);
  return [
    { name, value: round(server.p95), unit: 'ms', note: server.note },
    { name: `${name}_reference`, value: round(bare.p95), unit: 'ms', note: bare.note },
    {
      name: `${name}_ratio`,
      value: bare.p95 > 0 ? round(server.p95 / bare.p95) : null,
      unit: '×',
      note: `${round(server.p95)} ms over ${round(bare.p95)} ms`,
    },
  ];
}

async function fanoutThroughServer(clientCount: number, measureMs: number, options: BenchOptions): Promise<Fanout> {
  const data = tempFolder('bench-collab-');
  const server = await startSyncServerProcess(data.path);
  const clients: OpenDocument[] = [];
  try {
    const member = await joinAs(server.httpUrl, (await inviteCode(data.path, 'Bench', 'Bench')).code);
    for (let index = 0; index < clientCount; index += 1) {
      const scene = Math.floor(index / CLIENTS_PER_SCENE);
      clients.push(openDocument(server.url, sceneDocumentName(member.spaceId, `scene-${scene}`), member.token));
    }
    await Promise.all(clients.map((client) => client.synced()));
    clients.forEach((client, index) => insertLine(client.doc, index % CLIENTS_PER_SCENE, line(`line-${index}`)));
    await Promise.all(clients.map((client) => client.acknowledged()));
    options.log(`  collab fan-out: ${clientCount} clients synced on ${clientCount / CLIENTS_PER_SCENE} scenes`);
    return await measureFanout(clients, measureMs, 'sync server', options);
  } finally {
    for (const client of clients) client.destroy();
    await server.kill();
    data.remove();
  }
}

async function fanoutThroughBareRelay(clientCount: number, measureMs: number, options: BenchOptions): Promise<Fanout> {
  const relay = spawn(process.execPath, [BARE_BROADCAST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const clients: Client[] = [];
  try {
    const port = await portOf(relay);
    const scenes = clientCount / CLIENTS_PER_SCENE;
    for (let scene = 0; scene < scenes; scene += 1) {
      const start = sceneWithLines(scene);
      for (let member = 0; member < CLIENTS_PER_SCENE; member += 1) clients.push(await relayClient(port, scene, start));
    }
    options.log(`  collab fan-out: ${clientCount} clients on the bare relay`);
    return await measureFanout(clients, measureMs, 'bare relay', options);
  } finally {
    for (const client of clients) client.destroy();
    relay.kill('SIGKILL');
  }
}

/** Every client types into its own line about once a second; the others of its scene time each edit's arrival. */
async function measureFanout(clients: readonly Client[], measureMs: number, label: string, options: BenchOptions): Promise<Fanout> {
  const delays: number[] = [];
  let measuring = false;
  clients.forEach((client, index) => {
    const me = String(index);
    client.doc.getMap<number>(PROBE).observe((event) => {
      const arrived = performance.now();
      if (!measuring || event.transaction.local) return;
      for (const key of event.keysChanged) {
        const sentAt = client.doc.getMap<number>(PROBE).get(key);
        if (key !== me && typeof sentAt === 'number') delays.push(arrived - sentAt);
      }
    });
  });
  let running = true;
  const editors = clients.map(async (client, index) => {
    await sleep(Math.random() * EDIT_INTERVAL_MS);
    for (let seq = 0; running; seq += 1) {
      client.doc.transact(() => {
        updateLine(client.doc, `line-${index}`, { text: `Edit ${seq} by client ${index}` });
        client.doc.getMap<number>(PROBE).set(String(index), performance.now());
      });
      await sleep(EDIT_INTERVAL_MS * (0.5 + Math.random()));
    }
  });
  await sleep(2_000);
  measuring = true;
  await sleep(measureMs);
  measuring = false;
  running = false;
  await Promise.all(editors);
  const note = `${label}: ${delays.length} deliveries in ${measureMs / 1000} s; p50 ${round(percentile(delays, 50))} ms, p99 ${round(percentile(delays, 99))} ms, max ${round(Math.max(...delays))} ms`;
  options.log(`  collab fan-out: ${note}`);
  return { p95: percentile(delays, 95), note };
}

/** A scene's starting state as every client of the bare relay holds it: its five lines. */
function sceneWithLines(scene: number): Uint8Array {
  const doc = new Y.Doc();
  for (let member = 0; member < CLIENTS_PER_SCENE; member += 1) insertLine(doc, member, line(`line-${scene * CLIENTS_PER_SCENE + member}`));
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}

/** A document on one WebSocket to the bare relay: local updates go out as they are, remote ones are applied. */
export async function relayClient(port: number, scene: number, start: Uint8Array): Promise<Client> {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, start, REMOTE);
  const socket = new WebSocket(`ws://127.0.0.1:${port}/scene-${scene}`);
  socket.binaryType = 'nodebuffer';
  await once(socket, 'open');
  socket.on('message', (data: Buffer) => Y.applyUpdate(doc, new Uint8Array(data), REMOTE));
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== REMOTE) socket.send(update);
  });
  return { doc, destroy: () => (socket.terminate(), doc.destroy()) };
}

export async function portOf(relay: ChildProcess): Promise<number> {
  const lines = createInterface({ input: relay.stdout! });
  for await (const text of lines) {
    const parsed = JSON.parse(text) as { port?: unknown };
    if (typeof parsed.port === 'number') return parsed.port;
  }
  throw new Error('The bare relay stopped before it listened.');
}

const line = (id: string) => ({
  id,
  kind: 'talk' as const,
  characterId: null,
  voiceId: null,
  text: '',
  emotion: null,
  talk: null,
  clipItemId: null,
});
