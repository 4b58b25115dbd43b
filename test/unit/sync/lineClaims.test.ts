import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { isSharedKey } from '../../../electron/core/api/sharedKeys.ts';
import { lineIdempotencyKey } from '../../../electron/core/scenes/sceneClaims.ts';
import {
  LINE_CLAIMS,
  nextAttempt,
  nextTicket,
  readClaims,
  resultOf,
  winnerOf,
  writeClaim,
  type LineClaim,
} from '../../../shared/sync/lineClaims.ts';

const SILENT = 60_000;
const NOW = 1_000_000;

function claim(fields: Partial<LineClaim>): LineClaim {
  return {
    key: 'k1',
    lineId: 'line-1',
    memberId: 'member-a',
    memberName: 'Ana',
    machineId: 'machine-a',
    at: NOW - 1_000,
    choosing: false,
    ticket: 1,
    beat: NOW - 1_000,
    attempt: 1,
    released: false,
    result: null,
    ...fields,
  };
}

describe('the winner of a line’s claims', () => {
  it('is the lowest ticket, ties by member id then machine id, whatever order the claims are read in and whatever their clocks say', () => {
    const first = claim({ machineId: 'machine-z', ticket: 1, at: NOW });
    const second = claim({ machineId: 'machine-b', memberId: 'member-b', ticket: 2, at: NOW - 60_000 });
    expect(winnerOf([second, first], NOW, SILENT)).toBe(first);
    expect(winnerOf([first, second], NOW, SILENT)).toBe(first);
    const tieA = claim({ memberId: 'member-b', machineId: 'machine-a', ticket: 3 });
    const tieB = claim({ memberId: 'member-a', machineId: 'machine-z', ticket: 3 });
    const tieC = claim({ memberId: 'member-a', machineId: 'machine-y', ticket: 3 });
    for (const order of [
      [tieA, tieB, tieC],
      [tieC, tieA, tieB],
      [tieB, tieC, tieA],
    ])
      expect(winnerOf(order, NOW, SILENT)).toBe(tieC);
  });

  it('never names a claim still choosing its ticket; a ticket is one past every other machine’s', () => {
    const choosing = claim({ machineId: 'machine-c', choosing: true, ticket: 0 });
    const held = claim({ machineId: 'machine-h', ticket: 4 });
    expect(winnerOf([choosing], NOW, SILENT)).toBeNull();
    expect(winnerOf([choosing, held], NOW, SILENT)).toBe(held);
    expect(nextTicket([], 'machine-c')).toBe(1);
    expect(nextTicket([choosing, held], 'machine-c')).toBe(5);
    expect(nextTicket([claim({ machineId: 'machine-c', ticket: 9 }), held], 'machine-c')).toBe(5);
  });

  it('passes over released claims, silent ones and claims of an earlier attempt', () => {
    const silent = claim({ machineId: 'machine-s', at: NOW - 10 * SILENT, beat: NOW - SILENT });
    const released = claim({ machineId: 'machine-r', at: NOW - 9 * SILENT, released: true });
    const retry = claim({ machineId: 'machine-n', at: NOW - 100, attempt: 2 });
    expect(winnerOf([silent], NOW, SILENT)).toBeNull();
    expect(winnerOf([released, retry], NOW, SILENT)).toBe(retry);
    // A claim with a result is never silent: the line is rendered.
    const done = claim({ beat: NOW - 10 * SILENT, result: { audioId: 'aud_1', generationId: null } });
    expect(winnerOf([done], NOW, SILENT)).toBe(done);
    expect(resultOf([silent, done])).toBe(done);
  });

  it('counts attempts: one past the last released claim', () => {
    expect(nextAttempt([])).toBe(1);
    expect(nextAttempt([claim({ attempt: 1 })])).toBe(1);
    expect(nextAttempt([claim({ attempt: 1, released: true })])).toBe(2);
    expect(nextAttempt([claim({ attempt: 2, released: true }), claim({ machineId: 'm2', attempt: 1 })])).toBe(3);
  });
});

describe('claims in a scene’s document', () => {
  it('keeps each machine’s claim apart, and reads another member’s malformed entries as none', () => {
    const doc = new Y.Doc();
    writeClaim(doc, claim({}));
    writeClaim(doc, claim({ machineId: 'machine-b', memberName: 'Ben' }));
    const map = doc.getMap<unknown>(LINE_CLAIMS);
    map.set('k1/machine-c', { ...claim({ machineId: 'machine-c' }), attempt: 0 });
    map.set('k1/machine-d', { ...claim({ machineId: 'machine-d' }), memberName: 'x'.repeat(500) });
    map.set('k1/machine-e', 'not a claim');
    // An entry under another machine's name is not that machine's claim.
    map.set('k1/machine-f', claim({ machineId: 'machine-a', memberName: 'Mallory' }));
    map.set('k1/machine-g', { ...claim({ machineId: 'machine-g' }), result: { audioId: 42 } });
    expect(
      readClaims(doc, 'k1')
        .map((c) => [c.machineId, c.result])
        .sort(),
    ).toEqual([
      ['machine-a', null],
      ['machine-b', null],
      ['machine-g', null],
    ]);
    expect(readClaims(doc, 'other')).toEqual([]);
  });
});

describe('the Idempotency-Key of a claimed line’s step', () => {
  const parts = { fingerprint: 'f00d', sceneId: 's1', lineId: 'l1', key: 'k1', step: 'speech' as const, attempt: 1 };

  it('is the same on every machine of one key, printable ASCII well under the 255 characters a key may have', () => {
    const key = lineIdempotencyKey(parts);
    expect(lineIdempotencyKey({ ...parts })).toBe(key);
    expect(key).toMatch(/^[\x21-\x7e]+$/);
    expect(key.length).toBeLessThanOrEqual(255);
    expect(isSharedKey(key)).toBe(true);
    expect(isSharedKey(crypto.randomUUID())).toBe(false);
  });

  it('differs for another account key, line content, step or attempt', () => {
    const key = lineIdempotencyKey(parts);
    for (const other of [{ fingerprint: 'beef' }, { key: 'k2' }, { step: 'talk' as const }, { attempt: 2 }, { lineId: 'l2' }])
      expect(lineIdempotencyKey({ ...parts, ...other })).not.toBe(key);
  });
});
