import { performance } from 'node:perf_hooks';
import { sceneDocumentName } from '../../shared/sync/documentNames.ts';
import { insertLine, updateLine } from '../../shared/sync/sceneDocument.ts';
import { openDocument, type OpenDocument } from '../integration/sync/support/members.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder } from '../integration/sync/support/syncServerProcess.ts';
import { percentile, round, sleep, type BenchOptions, type Metric } from './support/stats.ts';

const CLIENTS_PER_SCENE = 5;
/** Each client edits its line about once a second (jittered), so 500 clients make ~500 edits/s. */
const EDIT_INTERVAL_MS = 1000;
const PROBE = 'benchProbe';

/**
 * `collab_fanout_p95_ms_500_clients`: one sync server process (the real CLI, its SQLite storing
 * each update before acknowledging it), 500 clients (HocuspocusProvider, one WebSocket each) in
 * this process on 100 scene documents, five per scene. Each client types into its own line about
 * once a second and stamps the edit with the time it made it (a probe map in the same
 * transaction); every other client of that scene times the edit's arrival. The figure is the p95
 * of those deliveries over the measured window; the clients share this one process, so their own
 * work is in it. `--quick`: 100 clients on 20 scenes.
 */
export async function benchCollabFanout(options: BenchOptions): Promise<Metric[]> {
  const clientCount = options.quick ? 100 : 500;
  const measureMs = options.quick ? 10_000 : 30_000;
  const data = tempFolder('bench-collab-');
  const server = await startSyncServerProcess(data.path);
  const clients: OpenDocument[] = [];
  try {
    const member = await joinAs(server.httpUrl, (await inviteCode(data.path, 'Bench', 'Bench')).code);
    const delays: number[] = [];
    let measuring = false;
    for (let index = 0; index < clientCount; index += 1) {
      const scene = Math.floor(index / CLIENTS_PER_SCENE);
      const client = openDocument(server.url, sceneDocumentName(member.spaceId, `scene-${scene}`), member.token);
      clients.push(client);
      const me = String(index);
      client.doc.getMap<number>(PROBE).observe((event) => {
        const arrived = performance.now();
        if (!measuring || event.transaction.local) return;
        for (const key of event.keysChanged) {
          const sentAt = client.doc.getMap<number>(PROBE).get(key);
          if (key !== me && typeof sentAt === 'number') delays.push(arrived - sentAt);
        }
      });
    }
    await Promise.all(clients.map((client) => client.synced()));
    clients.forEach((client, index) => insertLine(client.doc, index % CLIENTS_PER_SCENE, line(`line-${index}`)));
    await Promise.all(clients.map((client) => client.acknowledged()));
    options.log(`  collab fan-out: ${clientCount} clients synced on ${clientCount / CLIENTS_PER_SCENE} scenes`);

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
    const p95 = percentile(delays, 95);
    const note = `${delays.length} deliveries in ${measureMs / 1000} s; p50 ${round(percentile(delays, 50))} ms, p99 ${round(percentile(delays, 99))} ms, max ${round(Math.max(...delays))} ms`;
    options.log(`  collab fan-out: ${note}`);
    return [{ name: `collab_fanout_p95_ms_${clientCount}_clients`, value: round(p95), unit: 'ms', note }];
  } finally {
    for (const client of clients) client.destroy();
    await server.kill();
    data.remove();
  }
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
