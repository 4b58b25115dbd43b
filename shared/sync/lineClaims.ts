import type * as Y from 'yjs';

/**
 * Claims on rendering a scene's lines, kept in the scene's shared document (map `claims`), so two
 * machines of one service account never pay for one line twice.
 *
 * An entry is one machine's claim on one line content (`<content key>/<machine id>`): each machine
 * writes only its own entries, so no claim overwrites another's (a map key is last-writer-wins).
 * Which claim wins is a rule every machine computes the same from the claims it sees, without
 * trusting any clock: the lowest ticket, ties by member id then machine id, among the live claims
 * of the line's current attempt. A ticket is one past the highest a machine saw once its
 * `choosing` claim was on the server (Lamport's bakery, spaces/lineClaims.ts says the order).
 *
 * What another machine wrote is read defensively: an entry of the wrong shape is left out.
 */
export const LINE_CLAIMS = 'claims';

/** What came of a claimed line: the service's ids of its speech and of its talk clip (null for a narrator line). */
export type ClaimResult = { audioId: string | null; generationId: string | null };

export type LineClaim = {
  /** The line's content key (scenes/linePlan.ts): its content revision. */
  key: string;
  lineId: string;
  memberId: string;
  memberName: string;
  machineId: string;
  /** When the claim was made (ms since the epoch, the claiming machine's clock): where history is searched from. */
  at: number;
  /** The claim is written, its ticket not yet: machines that see it wait for its ticket. */
  choosing: boolean;
  /** Its place in the line's queue: lower wins (0 while choosing). */
  ticket: number;
  /** The claiming machine's last sign of life for this claim. */
  beat: number;
  /** Counts renders of this content: a failed one is released and the next claim is the next attempt. */
  attempt: number;
  /** The render failed or was given up: the claim no longer holds the line. */
  released: boolean;
  result: ClaimResult | null;
};

const claimsMap = (doc: Y.Doc) => doc.getMap<unknown>(LINE_CLAIMS);

export function claimEntry(key: string, machineId: string): string {
  return `${key}/${machineId}`;
}

/** Writes (or rewrites) this machine's claim; only the machine named in it writes it. */
export function writeClaim(doc: Y.Doc, claim: LineClaim, origin?: unknown): void {
  doc.transact(() => claimsMap(doc).set(claimEntry(claim.key, claim.machineId), { ...claim }), origin);
}

export function removeClaim(doc: Y.Doc, key: string, machineId: string, origin?: unknown): void {
  doc.transact(() => claimsMap(doc).delete(claimEntry(key, machineId)), origin);
}

/** Every well-formed claim in the document (on `key` only, when given). */
export function readClaims(doc: Y.Doc, key?: string): LineClaim[] {
  const out: LineClaim[] = [];
  for (const [entry, value] of claimsMap(doc).entries()) {
    const claim = claimOf(value);
    if (!claim || entry !== claimEntry(claim.key, claim.machineId)) continue;
    if (key === undefined || claim.key === key) out.push(claim);
  }
  return out;
}

/** The attempt a new claim on this content makes: one past the last released one. */
export function nextAttempt(claims: readonly LineClaim[]): number {
  const released = claims.filter((c) => c.released).map((c) => c.attempt);
  const live = claims.filter((c) => !c.released).map((c) => c.attempt);
  return Math.max(1, ...released.map((a) => a + 1), ...live);
}

/** A claim with a result: the line is rendered, whoever paid for it. */
export function resultOf(claims: readonly LineClaim[]): LineClaim | null {
  return claims.find((c) => c.result !== null && !c.released) ?? null;
}

/** A claim whose machine has said nothing for `silentMs` (it may be off, or gone). */
export function isSilent(claim: LineClaim, now: number, silentMs: number): boolean {
  return claim.result === null && now - claim.beat >= silentMs;
}

/** The live claims of the line's current attempt: not released, not silent. */
export function liveClaims(claims: readonly LineClaim[], now: number, silentMs: number): LineClaim[] {
  const attempt = nextAttempt(claims);
  return claims.filter((c) => !c.released && c.attempt === attempt && !isSilent(c, now, silentMs));
}

/** The ticket a machine takes once its choosing claim is on the server: one past every ticket it sees. */
export function nextTicket(claims: readonly LineClaim[], machineId: string): number {
  return 1 + Math.max(0, ...claims.filter((c) => c.machineId !== machineId).map((c) => c.ticket));
}

/**
 * The claim that holds the line: among the live claims of the current attempt that hold a ticket,
 * the lowest ticket, ties by member id then machine id. Every machine that sees the same claims
 * names the same one.
 */
export function winnerOf(claims: readonly LineClaim[], now: number, silentMs: number): LineClaim | null {
  const live = liveClaims(claims, now, silentMs).filter((c) => !c.choosing);
  live.sort((a, b) => a.ticket - b.ticket || compare(a.memberId, b.memberId) || compare(a.machineId, b.machineId));
  return live[0] ?? null;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const MAX_ID = 200;

function claimOf(value: unknown): LineClaim | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ids = [v.key, v.lineId, v.memberId, v.memberName, v.machineId];
  if (!ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= MAX_ID)) return null;
  const numbers = [v.at, v.beat, v.attempt, v.ticket];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  if (!Number.isInteger(v.attempt) || (v.attempt as number) < 1 || !Number.isInteger(v.ticket) || (v.ticket as number) < 0) return null;
  return {
    key: v.key as string,
    lineId: v.lineId as string,
    memberId: v.memberId as string,
    memberName: v.memberName as string,
    machineId: v.machineId as string,
    at: v.at as number,
    choosing: v.choosing === true,
    ticket: v.ticket as number,
    beat: v.beat as number,
    attempt: v.attempt as number,
    released: v.released === true,
    result: resultFrom(v.result),
  };
}

function resultFrom(value: unknown): ClaimResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const { audioId, generationId } = value as Record<string, unknown>;
  const id = (x: unknown) => (typeof x === 'string' && x.length > 0 && x.length <= MAX_ID ? x : null);
  const result = { audioId: id(audioId), generationId: id(generationId) };
  return result.audioId || result.generationId ? result : null;
}
