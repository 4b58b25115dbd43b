import type * as Y from 'yjs';
import {
  LINE_CLAIMS,
  isSilent,
  liveClaims,
  nextAttempt,
  nextTicket,
  readClaims,
  removeClaim,
  resultOf,
  winnerOf,
  writeClaim,
  type ClaimResult,
  type LineClaim,
} from '../../../shared/sync/lineClaims.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';
import { LOCAL_ORIGIN, STORED_ORIGIN } from './documentOrigins.ts';

/** A scene's shared document and who this machine is in its space: where its lines are claimed. */
export type ClaimRoom = {
  doc: Y.Doc;
  memberId: string;
  memberName: string;
  /** True once the server holds this machine's updates and a sync round after that has been answered. */
  roundTrip: (timeoutMs: number) => Promise<boolean>;
};

/** Calls `changed` after another machine's update to the scene document's claims (never for this machine's own). */
export function observeClaims(doc: Y.Doc, changed: () => void): void {
  doc.getMap(LINE_CLAIMS).observe((event) => {
    const origin: unknown = event.transaction.origin;
    if (origin !== LOCAL_ORIGIN && origin !== STORED_ORIGIN) changed();
  });
}

/** A line to claim: its content key, its id, and whether this machine's own last render of it failed. */
export type ClaimAsk = { key: string; lineId: string; failedHere: boolean };

/** How each line went: this machine sends it (at `attempt`), waits for `holder`'s render, or takes `result`. */
export type ClaimOutcome =
  { kind: 'send'; attempt: number; confirmed: boolean } | { kind: 'wait'; holder: string } | { kind: 'result'; result: ClaimResult };

export type LineClaimsDeps = {
  /** This machine's id, the same across restarts. */
  machineId: () => string;
  clock: Clock;
  log: Logger;
  /**
   * Whether the service's history, listed afresh, shows a job for the line since `since` (ms): a
   * claim whose machine fell silent is taken over only when it does not.
   */
  historyShows: (key: string, since: number) => Promise<boolean>;
  /** A claim whose machine said nothing for this long may be taken over. */
  silentMs?: number;
  /** How long the server's acknowledgment and a sync round may take before the claim goes unconfirmed. */
  roundMs?: number;
};

/** Past this, a machine that said nothing about its claim is silent (it beats while its render is under way). */
export const SILENT_MS = 15 * 60_000;
/** A claim's sign of life is written again at most this often. */
export const BEAT_MS = 60_000;
const ROUND_MS = 10_000;
/** A claim still choosing its ticket after this long is passed over (its machine stopped between the two writes). */
const CHOOSING_MS = 30_000;

/**
 * Claims a scene's lines before this machine pays for them (docs/ARCHITECTURE.md, "Line claims"):
 * Lamport's bakery over the scene's document, each write confirmed by the server's acknowledgment
 * and one more sync round (so every claim that reached the server before it is here). Write the
 * claim as choosing; take a ticket one past every ticket seen; wait for claims still choosing;
 * send only the lines whose winner, by the rule every machine computes the same
 * (shared/sync/lineClaims.ts), is this machine. No clock decides who wins.
 */
export class LineClaims {
  private readonly deps: LineClaimsDeps;

  constructor(deps: LineClaimsDeps) {
    this.deps = deps;
  }

  get silentMs(): number {
    return this.deps.silentMs ?? SILENT_MS;
  }

  async claim(room: ClaimRoom, asks: readonly ClaimAsk[]): Promise<Map<string, ClaimOutcome>> {
    const outcomes = new Map<string, ClaimOutcome>();
    const mine: LineClaim[] = [];
    for (const ask of asks) {
      const before = await this.before(room, ask);
      if (before) outcomes.set(ask.key, before);
      else mine.push(this.ownClaim(room, ask));
    }
    if (mine.length === 0) return outcomes;
    const chosen = await this.choose(room, mine);
    const now = this.deps.clock.now();
    for (const claim of chosen.claims) {
      const claims = readClaims(room.doc, claim.key);
      const done = resultOf(claims);
      const winner = winnerOf(claims, now, this.silentMs);
      if (done?.result) outcomes.set(claim.key, { kind: 'result', result: done.result });
      else if (!winner || winner.machineId === claim.machineId)
        outcomes.set(claim.key, { kind: 'send', attempt: claim.attempt, confirmed: chosen.confirmed });
      else {
        // Another machine holds the line: ours is taken back so it never holds it later.
        removeClaim(room.doc, claim.key, claim.machineId, LOCAL_ORIGIN);
        outcomes.set(claim.key, { kind: 'wait', holder: winner.memberName });
      }
    }
    return outcomes;
  }

  /**
   * Our choosing claims on the server, every ticket taken before them is here: ours is one past
   * them. Once our tickets are on the server too, claims still choosing are waited for (a machine
   * that chose after has seen our ticket and took a higher one). Unconfirmed (the server out of
   * reach), the tickets are taken from what this machine holds, and the shared keys keep each
   * line to one charge.
   */
  private async choose(room: ClaimRoom, mine: readonly LineClaim[]): Promise<{ claims: LineClaim[]; confirmed: boolean }> {
    const round = this.deps.roundMs ?? ROUND_MS;
    this.write(room, mine);
    const written = await room.roundTrip(round);
    const claims = mine.map((c) =>
      c.choosing ? { ...c, choosing: false, ticket: nextTicket(readClaims(room.doc, c.key), c.machineId) } : c,
    );
    this.write(room, claims);
    const confirmed = written && (await room.roundTrip(round));
    if (confirmed)
      await this.othersChosen(
        room,
        claims.map((c) => c.key),
      );
    else this.deps.log.warn('Line claims could not be confirmed with the sync server; their keys still keep each line to one charge.');
    return { claims, confirmed };
  }

  /** Resolves once no other live claim on these lines is still choosing its ticket (one choosing for too long is passed over). */
  private othersChosen(room: ClaimRoom, keys: readonly string[]): Promise<void> {
    const machineId = this.deps.machineId();
    const choosing = (): boolean => {
      const now = this.deps.clock.now();
      return keys.some((key) =>
        liveClaims(readClaims(room.doc, key), now, this.silentMs).some(
          (c) => c.choosing && c.machineId !== machineId && now - c.beat < CHOOSING_MS,
        ),
      );
    };
    if (!choosing()) return Promise.resolve();
    const { clock } = this.deps;
    return new Promise((resolve) => {
      const look = (): void => {
        if (!choosing()) done();
      };
      const done = (): void => {
        clock.clearTimeout(timer);
        room.doc.off('update', look);
        resolve();
      };
      const timer = clock.setTimeout(done, CHOOSING_MS);
      room.doc.on('update', look);
    });
  }

  private write(room: ClaimRoom, claims: readonly LineClaim[]): void {
    room.doc.transact(() => {
      for (const claim of claims) writeClaim(room.doc, claim);
    }, LOCAL_ORIGIN);
  }

  /**
   * The member whose machine renders the line now, or null: the claim that holds it, else the last
   * claim of a machine fallen silent (a render asked here takes it over only if history shows no job).
   */
  holder(room: ClaimRoom, key: string): string | null {
    const claims = readClaims(room.doc, key);
    if (resultOf(claims)) return null;
    const now = this.deps.clock.now();
    const attempt = nextAttempt(claims);
    const silent = claims
      .filter((c) => !c.released && c.attempt === attempt && isSilent(c, now, this.silentMs))
      .sort((x, y) => y.beat - x.beat);
    const holder = winnerOf(claims, now, this.silentMs) ?? silent[0] ?? null;
    return holder && holder.machineId !== this.deps.machineId() ? holder.memberName : null;
  }

  /** The result of the line's content, made by any machine, or null. */
  result(room: ClaimRoom, key: string): ClaimResult | null {
    return resultOf(readClaims(room.doc, key))?.result ?? null;
  }

  /** This machine's render of a claimed line finished: every machine can show it now. */
  finished(room: ClaimRoom, key: string, result: ClaimResult): void {
    const own = this.own(room, key);
    if (!own || own.released || own.result) return;
    writeClaim(room.doc, { ...own, result, beat: this.deps.clock.now() }, LOCAL_ORIGIN);
  }

  /** This machine's render of a claimed line failed: the next render of it, on any machine, is a new attempt. */
  failed(room: ClaimRoom, key: string): void {
    const own = this.own(room, key);
    if (!own || own.released || own.result) return;
    writeClaim(room.doc, { ...own, released: true, beat: this.deps.clock.now() }, LOCAL_ORIGIN);
  }

  /** This machine is still rendering the line: its claim is not silent. */
  beat(room: ClaimRoom, key: string): void {
    const own = this.own(room, key);
    const now = this.deps.clock.now();
    if (!own || own.released || own.result || now - own.beat < BEAT_MS) return;
    writeClaim(room.doc, { ...own, beat: now }, LOCAL_ORIGIN);
  }

  /** What decides the line before a claim of ours: a result, or a live claim of another machine. */
  private async before(room: ClaimRoom, ask: ClaimAsk): Promise<ClaimOutcome | null> {
    const claims = readClaims(room.doc, ask.key);
    const done = resultOf(claims);
    if (done?.result) return { kind: 'result', result: done.result };
    const now = this.deps.clock.now();
    const winner = winnerOf(claims, now, this.silentMs);
    if (winner && winner.machineId !== this.deps.machineId()) return { kind: 'wait', holder: winner.memberName };
    // A silent machine's claim is passed over only when history shows no job of it.
    const attempt = nextAttempt(claims);
    const silent = claims.filter(
      (c) => !c.released && c.attempt === attempt && c.machineId !== this.deps.machineId() && isSilent(c, now, this.silentMs),
    );
    for (const claim of silent) {
      if (await this.deps.historyShows(ask.key, claim.at)) return { kind: 'wait', holder: claim.memberName };
    }
    if (silent.length > 0)
      this.deps.log.info('A silent machine’s line claim is taken over: history shows no job for it.', { key: ask.key });
    return null;
  }

  private ownClaim(room: ClaimRoom, ask: ClaimAsk): LineClaim {
    const machineId = this.deps.machineId();
    const now = this.deps.clock.now();
    const claims = readClaims(room.doc, ask.key);
    const own = claims.find((c) => c.machineId === machineId);
    // Our own render of this attempt failed (its release may never have been written): the next one.
    const others = own && ask.failedHere && !own.released ? [...claims.filter((c) => c !== own), { ...own, released: true }] : claims;
    const attempt = nextAttempt(others);
    // Claimed here before (a restart after claiming): the claim keeps its place and its ticket.
    const kept = own && !own.released && own.attempt === attempt && !own.choosing ? own : null;
    return {
      key: ask.key,
      lineId: ask.lineId,
      memberId: room.memberId,
      memberName: room.memberName,
      machineId,
      at: kept?.at ?? now,
      choosing: kept === null,
      ticket: kept?.ticket ?? 0,
      beat: now,
      attempt,
      released: false,
      result: null,
    };
  }

  private own(room: ClaimRoom, key: string): LineClaim | null {
    const machineId = this.deps.machineId();
    return readClaims(room.doc, key).find((c) => c.machineId === machineId) ?? null;
  }
}
