import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/ipc/index.ts';
import type { Scene, SceneLineInput } from '../../../shared/ipc/scenes.ts';
import { applyChanges, diffText, mapPlace, type TextChange } from '../../../shared/scenes/textChanges.ts';
import type { SpaceMembership } from '../../../electron/core/spaces/spaceLink.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';
import { startCore, type Harness } from '../support/coreHarness.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder, type SyncServerProcess } from '../sync/support/syncServerProcess.ts';
import { line, membershipOf } from './support/spaceMachine.ts';

const data = tempFolder('line-text-server-');
let server: SyncServerProcess;
let a: Harness;
let b: Harness;
let alone: Harness;
let anaMembership: SpaceMembership;

beforeAll(async () => {
  server = await startSyncServerProcess(data.path);
  [a, b, alone] = [
    await startCore({ keychain: new MemoryKeychain() }),
    await startCore({ keychain: new MemoryKeychain() }),
    await startCore({ keychain: new MemoryKeychain() }),
  ];
  const ana = await joinAs(server.httpUrl, (await inviteCode(data.path, 'Duet', 'Ana')).code);
  const ben = await joinAs(server.httpUrl, (await inviteCode(data.path, 'Duet', 'Ben')).code);
  anaMembership = membershipOf(server.httpUrl, ana, 'Ana');
  await a.core.session()!.spaceLink.open(anaMembership);
  await b.core.session()!.spaceLink.open(membershipOf(server.httpUrl, ben, 'Ben'));
});
afterAll(async () => {
  for (const h of [a, b, alone]) await h?.stop();
  await server?.kill();
  data.remove();
});

/**
 * What the scene editor does with one line: it types at its caret against the text it last had
 * from core, and takes core's answer (with whatever others typed) as its next base, its caret
 * moved over what they typed.
 */
class LineEditor {
  private readonly h: Harness;
  private readonly sceneId: string;
  private readonly lineId: string;
  base: string;
  caret: number;

  constructor(h: Harness, sceneId: string, lineId: string, base: string, caret: number) {
    this.h = h;
    this.sceneId = sceneId;
    this.lineId = lineId;
    this.base = base;
    this.caret = caret;
  }

  async edit(changes: TextChange[], caretAfter: number): Promise<string> {
    const { text } = (await this.h.invoke('scenes.editLineText', {
      sceneId: this.sceneId,
      lineId: this.lineId,
      base: this.base,
      changes,
    })) as {
      text: string;
    };
    this.caret = mapPlace(caretAfter, diffText(applyChanges(this.base, changes), text), false);
    this.base = text;
    return text;
  }

  type(char: string): Promise<string> {
    return this.edit([{ at: this.caret, remove: 0, insert: char }], this.caret + 1);
  }
}

function inputOf(line: Scene['lines'][number]): SceneLineInput {
  const { id, kind, characterId, voiceId, text, emotion, talk, clipItemId } = line;
  return { id, kind, characterId, voiceId, text, emotion, talk, clipItemId };
}

/** A scene with one line made on A, once B's library holds it. */
async function sharedLine(text: string): Promise<{ sceneId: string; lineId: string }> {
  const scene = (await a.invoke('scenes.create', { title: `Duet ${text}` })) as Scene;
  const first = line(text);
  await a.invoke('scenes.update', { id: scene.id, lines: [first] });
  await b.waitFor('scene.updated', (view) => view.id === scene.id && view.lines[0]?.text === text);
  return { sceneId: scene.id, lineId: first.id };
}

/** The line's text in `h`'s library once `done` holds for it (looked at now, then at each `scene.updated`). */
async function textWhen(h: Harness, sceneId: string, done: (text: string) => boolean): Promise<string> {
  const now = ((await h.invoke('scenes.get', { id: sceneId })) as Scene).lines[0]?.text ?? '';
  if (done(now)) return now;
  const view = await h.waitFor('scene.updated', (scene) => scene.id === sceneId && done(scene.lines[0]?.text ?? ''));
  return view.lines[0]!.text;
}

describe('typing into one line through scenes.editLineText', () => {
  it('merges two machines typing in the same line at once, every keystroke kept, in the order typed', async () => {
    const { sceneId, lineId } = await sharedLine('12345');
    const ana = new LineEditor(a, sceneId, lineId, '12345', 5);
    const ben = new LineEditor(b, sceneId, lineId, '12345', 5);
    const anaTypes = 'ANAWASHERE';
    const benTypes = 'benwashere';
    const typeAll = async (editor: LineEditor, word: string) => {
      for (const char of word) await editor.type(char);
    };
    await Promise.all([typeAll(ana, anaTypes), typeAll(ben, benTypes)]);

    const complete = (text: string) => text.length === 5 + anaTypes.length + benTypes.length;
    const [onA, onB] = await Promise.all([textWhen(a, sceneId, complete), textWhen(b, sceneId, complete)]);
    expect(onA).toBe(onB);
    expect(onA.replace(/[^A-Z]/g, '')).toBe(anaTypes);
    expect(onA.replace(/[^a-z]/g, '')).toBe(benTypes);
    expect(onA.replace(/[^0-9]/g, '')).toBe('12345');
  });

  it('keeps the other machine’s edit when an editor works from an out-of-date text', async () => {
    const { sceneId, lineId } = await sharedLine('Fresh peaches!');
    const stale = new LineEditor(a, sceneId, lineId, 'Fresh peaches!', 0);
    const other = new LineEditor(b, sceneId, lineId, 'Fresh peaches!', 13);
    await other.edit([{ at: 13, remove: 1, insert: ', two for one!' }], 27);
    await textWhen(a, sceneId, (text) => text === 'Fresh peaches, two for one!');

    // A's editor never saw B's words, and changes its own first word.
    const text = await stale.edit([{ at: 0, remove: 5, insert: 'Ripe' }], 4);
    expect(text).toBe('Ripe peaches, two for one!');
    expect(await textWhen(b, sceneId, (seen) => seen === text)).toBe(text);
  });

  it('keeps a line added and words typed elsewhere when an editor saves the list it had before them', async () => {
    const { sceneId, lineId } = await sharedLine('Fresh peaches!');
    const first = ((await a.invoke('scenes.get', { id: sceneId })) as Scene).lines[0]!;
    const added = line('Two, please.');
    await b.invoke('scenes.editLineText', { sceneId, lineId, base: 'Fresh peaches!', changes: [{ at: 0, remove: 5, insert: 'Ripe' }] });
    await b.invoke('scenes.update', { id: sceneId, lines: [{ ...inputOf(first), text: 'Ripe peaches!' }, added], seenLineIds: [lineId] });
    await textWhen(a, sceneId, (text) => text === 'Ripe peaches!');
    await a.waitFor('scene.updated', (view) => view.id === sceneId && view.lines.length === 2);

    // A's editor still holds one line with its old words, and changes only the emotion.
    const saved = (await a.invoke('scenes.update', {
      id: sceneId,
      lines: [{ ...inputOf(first), emotion: 'happy' }],
      seenLineIds: [lineId],
    })) as Scene;
    expect(saved.lines.map((l) => [l.text, l.emotion])).toEqual([
      ['Ripe peaches!', 'happy'],
      ['Two, please.', null],
    ]);
    const onB = await b.waitFor('scene.updated', (view) => view.id === sceneId && view.lines[0]?.emotion === 'happy');
    expect(onB.lines.map((l) => l.text)).toEqual(['Ripe peaches!', 'Two, please.']);
  });

  it('merges out-of-date edits in the library the same way when the scene is in no space', async () => {
    const scene = (await alone.invoke('scenes.create', { title: 'Alone' })) as Scene;
    const only = line('Two bowls');
    await alone.invoke('scenes.update', { id: scene.id, lines: [only] });
    const first = new LineEditor(alone, scene.id, only.id, 'Two bowls', 9);
    const second = new LineEditor(alone, scene.id, only.id, 'Two bowls', 0);
    await first.edit([{ at: 9, remove: 0, insert: ' of noodles' }], 20);
    expect(await second.edit([{ at: 0, remove: 3, insert: 'Three' }], 5)).toBe('Three bowls of noodles');
    expect(((await alone.invoke('scenes.get', { id: scene.id })) as Scene).lines[0]?.text).toBe('Three bowls of noodles');
  });

  it('refuses changes that do not fit the base, and a line the scene does not have', async () => {
    const scene = (await alone.invoke('scenes.create', { title: 'Checks' })) as Scene;
    const only = line('abc');
    await alone.invoke('scenes.update', { id: scene.id, lines: [only] });
    const outside = await alone.core.router.handle('scenes.editLineText', {
      sceneId: scene.id,
      lineId: only.id,
      base: 'abc',
      changes: [{ at: 2, remove: 5, insert: '' }],
    });
    expect(outside).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const missing = await alone.core.router.handle('scenes.editLineText', {
      sceneId: scene.id,
      lineId: line('x').id,
      base: '',
      changes: [{ at: 0, remove: 0, insert: 'x' }],
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

/** The first `scene.presence` on `h` after its event number `mark` for which `test` holds. */
function presenceAfter(
  h: Harness,
  mark: number,
  test: (event: EventPayload<'scene.presence'>) => boolean,
): Promise<EventPayload<'scene.presence'>> {
  return new Promise((resolve) => {
    const past = h.events.slice(mark).find((e) => e.event === 'scene.presence' && test(e.payload as EventPayload<'scene.presence'>));
    if (past) return resolve(past.payload as EventPayload<'scene.presence'>);
    const off = h.core.router.subscribe((event, payload) => {
      if (event !== 'scene.presence' || !test(payload as EventPayload<'scene.presence'>)) return;
      off();
      resolve(payload as EventPayload<'scene.presence'>);
    });
  });
}

describe('who else is in a scene', () => {
  it('shows A on its line to B, and no longer once A leaves the scene', async () => {
    const { sceneId, lineId } = await sharedLine('Where are you?');
    await b.invoke('scenes.presence', { sceneId, lineId: null });
    await a.invoke('scenes.presence', { sceneId, lineId });
    const seen = await b.waitFor('scene.presence', (event) => event.sceneId === sceneId && event.others.some((o) => o.lineId === lineId));
    expect(seen.others).toEqual([expect.objectContaining({ name: 'Ana', lineId })]);
    expect(seen.others[0]!.hue).toBeGreaterThanOrEqual(0);
    // A sees B in the scene, on no line.
    await a.waitFor(
      'scene.presence',
      (event) => event.sceneId === sceneId && event.others.some((o) => o.name === 'Ben' && o.lineId === null),
    );

    const mark = b.events.length;
    await a.invoke('scenes.presence', { sceneId: null, lineId: null });
    const after = await presenceAfter(b, mark, (event) => event.sceneId === sceneId && event.others.length === 0);
    expect(after.others).toEqual([]);

    // Back on the line, then the app closes its space (quitting does): B no longer sees A.
    await a.invoke('scenes.presence', { sceneId, lineId });
    await presenceAfter(b, mark, (event) => event.sceneId === sceneId && event.others.length === 1);
    const closing = b.events.length;
    await a.core.session()!.spaceLink.close();
    expect((await presenceAfter(b, closing, (event) => event.sceneId === sceneId && event.others.length === 0)).others).toEqual([]);

    // The space opens again with A's editor still on the line: B sees A there again.
    const reopening = b.events.length;
    await a.core.session()!.spaceLink.open(anaMembership);
    await presenceAfter(
      b,
      reopening,
      (event) => event.sceneId === sceneId && event.others.some((o) => o.name === 'Ana' && o.lineId === lineId),
    );
  });
});
