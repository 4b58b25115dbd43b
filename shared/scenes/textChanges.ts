/**
 * Edits of a line's text as changes against the text they were made on (its base): each change
 * removes `remove` characters at `at` and puts `insert` there, every position a place in the base,
 * the changes in ascending order and apart. Two sets of changes made on one base merge: one is
 * moved over the other (`rebaseChanges`), so both people's characters are kept.
 */
export type TextChange = { at: number; remove: number; insert: string };

/** At most this many changes in one edit of a line's text (a paste, a few keys typed between two sends). */
export const MAX_TEXT_CHANGES = 100;

/** Past this many differing characters a diff gives up finding the smallest one and answers one change. */
const MAX_DIFF_DISTANCE = 2000;

/** Whether the changes fit `base`: inside it, ascending, apart (one ends before the next begins), each one doing something. */
export function fitsBase(base: string, changes: readonly TextChange[]): boolean {
  let end = -1;
  for (const change of changes) {
    if (change.remove === 0 && change.insert === '') return false;
    if (change.at <= end) return false;
    end = change.at + change.remove;
    if (end > base.length) return false;
  }
  return true;
}

/** The base with the changes made. */
export function applyChanges(base: string, changes: readonly TextChange[]): string {
  let out = '';
  let from = 0;
  for (const change of changes) {
    out += base.slice(from, change.at) + change.insert;
    from = change.at + change.remove;
  }
  return out + base.slice(from);
}

/**
 * The changes that turn `before` into `after`: the fewest characters removed and inserted, or one
 * change (the middle between their common start and end) past a large difference or `maxChanges`.
 */
export function diffText(before: string, after: string, maxChanges = Infinity): TextChange[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end += 1;
  const a = before.slice(start, before.length - end);
  const b = after.slice(start, after.length - end);
  if (a === '' && b === '') return [];
  if (a === '' || b === '') return [{ at: start, remove: a.length, insert: b }];
  const middle = myers(a, b);
  if (!middle || middle.length > maxChanges) return [{ at: start, remove: a.length, insert: b }];
  return middle.map((change) => ({ ...change, at: change.at + start }));
}

/**
 * Where a place in the base is once `changes` are made: shifted by those before it; inside a
 * removed stretch, just after what replaced it. `afterInserts`: a place where the changes insert
 * goes after what they insert there (else before it).
 */
export function mapPlace(place: number, changes: readonly TextChange[], afterInserts: boolean): number {
  let shift = 0;
  for (const change of changes) {
    const end = change.at + change.remove;
    if (change.at > place || (change.at === place && (change.remove > 0 || !afterInserts))) break;
    if (end > place) return change.at + shift + change.insert.length;
    shift += change.insert.length - change.remove;
  }
  return place + shift;
}

/**
 * `local` (made on the base) moved over `remote` (made on the same base), as changes of the text
 * `remote` made: what both removed goes once, characters only `local` removed go, what both inserted
 * is kept (local's before remote's at the same place).
 */
export function rebaseChanges(local: readonly TextChange[], remote: readonly TextChange[]): TextChange[] {
  if (remote.length === 0) return local.map((change) => ({ ...change }));
  const out: TextChange[] = [];
  for (const change of local) {
    const pieces = keptPieces(change.at, change.at + change.remove, remote);
    // What one types goes just after the character it was typed after, before what the other typed
    // there meanwhile: a word typed on at the same place stays whole.
    const point = mapPlace(change.at, remote, false);
    const first = pieces[0];
    if (first && mapPlace(first.from, remote, true) === point) {
      push(out, { at: point, remove: first.to - first.from, insert: change.insert });
      pieces.shift();
    } else if (change.insert) push(out, { at: point, remove: 0, insert: change.insert });
    for (const piece of pieces) push(out, { at: mapPlace(piece.from, remote, true), remove: piece.to - piece.from, insert: '' });
  }
  return out;
}

/** The changes an editor made on `base`, as changes of `current` (the text now, which others may have changed since). */
export function changesOnto(current: string, base: string, changes: readonly TextChange[]): TextChange[] {
  return current === base ? changes.map((change) => ({ ...change })) : rebaseChanges(changes, diffText(base, current));
}

/** The parts of the base's stretch [from, to) that `remote` neither removed nor split by an insert. */
function keptPieces(from: number, to: number, remote: readonly TextChange[]): Array<{ from: number; to: number }> {
  const pieces: Array<{ from: number; to: number }> = [];
  let at = from;
  for (const change of remote) {
    if (at >= to) break;
    const end = change.at + change.remove;
    if (end < at || (end === at && change.remove > 0) || change.at >= to) continue;
    if (change.at > at) pieces.push({ from: at, to: change.at });
    at = Math.max(at, end);
  }
  if (at < to) pieces.push({ from: at, to });
  return pieces;
}

/** Adds a change, joined with the one before when they meet (changes stay apart). */
function push(out: TextChange[], change: TextChange): void {
  if (change.remove === 0 && change.insert === '') return;
  const last = out[out.length - 1];
  if (last && last.at + last.remove === change.at) {
    last.remove += change.remove;
    last.insert += change.insert;
    return;
  }
  out.push(change);
}

/** The shortest edit script between two texts (Myers), as changes; null when they differ by more than the limit. */
function myers(a: string, b: string): TextChange[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_DIFF_DISTANCE);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d += 1) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return script(trace, offset, n, m, b);
    }
    v = next;
  }
  return null;
}

/** Walks the Myers trace back from the end into changes, ascending. */
function script(trace: Int32Array[], offset: number, n: number, m: number, b: string): TextChange[] {
  const steps: Array<{ kind: 'remove' | 'insert'; at: number; char: string }> = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d -= 1) {
    const k = x - y;
    const before = trace[d]!;
    const down = k === -d || (k !== d && before[offset + k - 1]! < before[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = before[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
    }
    if (down) steps.push({ kind: 'insert', at: prevX, char: b[prevY]! });
    else steps.push({ kind: 'remove', at: prevX, char: '' });
    x = prevX;
    y = prevY;
  }
  const out: TextChange[] = [];
  for (const step of steps.reverse()) {
    push(out, step.kind === 'insert' ? { at: step.at, remove: 0, insert: step.char } : { at: step.at, remove: 1, insert: '' });
  }
  return out;
}
