import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A fault-injecting TCP relay between core and the sandbox (node:net; TLS passes through untouched,
 * so the sandbox's certificate still verifies end to end).
 *
 * It reads only the TLS record headers (5 bytes: type, version, length). With TLS 1.2 every
 * record after the handshake is visible as such: client application-data records carry requests,
 * server application-data records carry answers (TLS 1.3 would hide its session tickets among
 * them, which is why the chaos client caps itself at TLS 1.2). That is enough to cut a connection
 * at the two moments that matter for exactly-once:
 *
 * - `reset_before`: the first record of a request arrives and the connection is reset instead of
 *   forwarding it. The sandbox never sees the request; the client cannot know that.
 * - `lose_response`: the request is forwarded, and the connection is reset when the first record of
 *   the answer comes back. The sandbox has committed (it answers after its transaction), and the
 *   client never learns the outcome: the case an Idempotency-Key exists for.
 * - `spike`: the request is held for a while before it is forwarded (a latency spike).
 * - `refuse`: a new connection is reset as soon as it is accepted.
 */
export type FaultRates = {
  refuse: number;
  reset_before: number;
  lose_response: number;
  spike: number;
  /** Range of a latency spike. */
  spikeMs: [number, number];
};

export const NO_FAULTS: FaultRates = { refuse: 0, reset_before: 0, lose_response: 0, spike: 0, spikeMs: [0, 0] };

export type FaultCounts = {
  connections: number;
  requests: number;
  refused: number;
  resetBefore: number;
  lostResponses: number;
  spikes: number;
};

export type FaultProxy = {
  port: number;
  counts: FaultCounts;
  setRates: (rates: FaultRates) => void;
  close: () => Promise<void>;
};

const HANDSHAKE = 0x16;
const APPLICATION_DATA = 0x17;
const RECORD_HEADER = 5;

type Plan = 'pass' | 'reset_before' | 'lose_response' | 'spike';

export async function startFaultProxy(targetPort: number, options: { random: () => number; rates?: FaultRates }): Promise<FaultProxy> {
  let rates = options.rates ?? NO_FAULTS;
  const random = options.random;
  const counts: FaultCounts = { connections: 0, requests: 0, refused: 0, resetBefore: 0, lostResponses: 0, spikes: 0 };
  const open = new Set<Socket>();

  const plan = (): Plan => {
    const r = random();
    if (r < rates.reset_before) return 'reset_before';
    if (r < rates.reset_before + rates.lose_response) return 'lose_response';
    if (r < rates.reset_before + rates.lose_response + rates.spike) return 'spike';
    return 'pass';
  };

  const server: Server = createServer((client) => {
    counts.connections += 1;
    if (random() < rates.refuse) {
      counts.refused += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    let dead = false;
    const kill = () => {
      if (dead) return;
      dead = true;
      // A reset, not a polite close: the client sees ECONNRESET, as on a real network drop.
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.resetAndDestroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', kill).on('close', kill);
    upstream.on('error', kill).on('close', kill);

    // One request at a time per connection (undici does not pipeline by default): a client
    // application-data record while no request is open starts the next one.
    let requestOpen = false;
    let losePending = false;
    // Forwarding is serialized per direction so a held (spiked) request keeps its order.
    let toServer: Promise<void> = Promise.resolve();

    const fromClient = new RecordSplitter((record, type) => {
      toServer = toServer.then(async () => {
        if (dead) return;
        if (type === APPLICATION_DATA && !requestOpen) {
          requestOpen = true;
          counts.requests += 1;
          const p = plan();
          if (p === 'reset_before') {
            counts.resetBefore += 1;
            kill();
            return;
          }
          if (p === 'lose_response') losePending = true;
          if (p === 'spike') {
            counts.spikes += 1;
            const [lo, hi] = rates.spikeMs;
            await new Promise((r) => setTimeout(r, lo + Math.floor(random() * Math.max(0, hi - lo))));
            if (dead) return;
          }
        }
        upstream.write(record);
      });
    });
    const fromServer = new RecordSplitter((record, type) => {
      if (dead) return;
      if (type === APPLICATION_DATA && requestOpen) {
        requestOpen = false;
        if (losePending) {
          losePending = false;
          counts.lostResponses += 1;
          kill();
          return;
        }
      }
      client.write(record);
    });
    client.on('data', (chunk: Buffer) => fromClient.push(chunk));
    upstream.on('data', (chunk: Buffer) => fromServer.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    counts,
    setRates: (next) => {
      rates = next;
    },
    close: async () => {
      for (const s of open) s.destroy();
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cuts a byte stream into whole TLS records (a record's bytes are forwarded only once complete). */
class RecordSplitter {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly onRecord: (record: Buffer, type: number) => void;

  constructor(onRecord: (record: Buffer, type: number) => void) {
    this.onRecord = onRecord;
  }

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (let guard = 0; guard < 100_000 && this.buffer.length >= RECORD_HEADER; guard += 1) {
      const type = this.buffer[0]!;
      // Not TLS (or out of step): pass the rest through as one opaque piece.
      if (type < 0x14 || type > 0x18) {
        const rest = this.buffer;
        this.buffer = Buffer.alloc(0);
        this.onRecord(rest, HANDSHAKE);
        return;
      }
      const length = this.buffer.readUInt16BE(3);
      if (this.buffer.length < RECORD_HEADER + length) return;
      const record = this.buffer.subarray(0, RECORD_HEADER + length);
      this.buffer = this.buffer.subarray(RECORD_HEADER + length);
      this.onRecord(record, type);
    }
  }
}
