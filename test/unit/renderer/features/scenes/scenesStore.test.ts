import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, CommandInput, Scene, SceneLine } from '../../../../../shared/ipc/index.ts';
import { applyChanges, changesOnto } from '../../../../../shared/scenes/textChanges.ts';
import { setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { SAVE_DEBOUNCE_MS, TEXT_SEND_MS, useScenesStore } from '../../../../../renderer/features/scenes/scenesStore.ts';
import { loadMessages } from '../../../../../renderer/i18n/catalogs.ts';
import { setCurrentLocale } from '../../../../../renderer/i18n/currentLocale.ts';

type Update = CommandInput<'scenes.update'>;

/** A scene as core sends it, without lines. */
function sceneOf(id: string, title: string): Scene {
  return { id, title, aspect: '16:9', quality: 'standard', lines: [], collectionId: null, createdAt: 't', updatedAt: 't' };
}

/** Core as far as the editor sees it: it keeps what it is sent and says which lines' content was rendered. */
class FakeCore {
  scene: Scene = sceneOf('s1', 'Morning');
  updates: Update[] = [];
  /** Words typed into lines core has, as they came (changes against a base). */
  edits: CommandInput<'scenes.editLineText'>[] = [];
  rendered = new Set<string>();
  held: (() => void)[] | null = null;
  duplicated: CommandInput<'scenes.duplicate'>[] = [];

  private stored(line: Update['lines'] extends (infer L)[] | undefined ? L : never): SceneLine {
    const key = `${line.characterId}|${line.text}`;
    const done = this.rendered.has(key);
    return {
      ...line,
      state: done ? 'done' : 'draft',
      key,
      speechJobId: null,
      talkJobId: null,
      audioId: null,
      generationId: null,
      mediaId: done ? `media-${key}` : null,
      mediaType: done ? 'video/mp4' : null,
      thumbId: null,
      durationMs: done ? 1500 : null,
      error: null,
      renderingOn: null,
    };
  }

  bridge(): Bridge {
    return {
      invoke: (async (command: string, input: Update) => {
        if (command === 'scenes.get') return { ok: true, value: this.scene };
        if (command === 'scenes.list') return { ok: true, value: [] };
        if (command === 'scenes.duplicate') {
          const asked = input as unknown as CommandInput<'scenes.duplicate'>;
          this.duplicated.push(structuredClone(asked));
          return { ok: true, value: { ...this.scene, id: 'copy', title: asked.title ?? this.scene.title } };
        }
        if (command === 'scenes.price')
          return {
            ok: true,
            value: { lines: [], totalCredits: 0, toRender: 0, estimateMs: null, balance: 100, covered: true, approvalRequired: false },
          };
        if (command === 'scenes.editLineText') {
          const edit = input as unknown as CommandInput<'scenes.editLineText'>;
          this.edits.push(structuredClone(edit));
          if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
          const lines = this.scene.lines.map((line) =>
            line.id === edit.lineId
              ? this.stored({ ...line, text: applyChanges(line.text, changesOnto(line.text, edit.base, edit.changes)) })
              : line,
          );
          this.scene = { ...this.scene, lines };
          return { ok: true, value: lines.find((line) => line.id === edit.lineId) };
        }
        if (command === 'scenes.update') {
          this.updates.push(structuredClone(input));
          if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
          this.scene = {
            ...this.scene,
            title: input.title ?? this.scene.title,
            // Lines the editor saw keep core's words (they change through scenes.editLineText).
            lines: (input.lines ?? []).map((line) => {
              const words = input.seenLineIds?.includes(line.id) ? this.scene.lines.find((each) => each.id === line.id)?.text : undefined;
              return this.stored({ ...line, text: words ?? line.text });
            }),
          };
          return { ok: true, value: this.scene };
        }
        return { ok: false, error: { code: 'not_available', params: { what: 'command' } } };
      }) as Bridge['invoke'],
      on: () => () => undefined,
    };
  }
}

describe('the scene editor saving as the creator types', () => {
  let core: FakeCore;

  beforeEach(async () => {
    vi.useFakeTimers();
    core = new FakeCore();
    setBridgeForTests(core.bridge());
    useScenesStore.getState().reset();
    await useScenesStore.getState().open('s1');
  });

  afterEach(() => {
    setBridgeForTests(null);
    useScenesStore.getState().reset();
    vi.useRealTimers();
  });

  const store = () => useScenesStore.getState();

  it('writes a burst of keystrokes once, with the whole ordered list, after a pause', async () => {
    const line = store().insertLine(null, { characterId: 'mira' });
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) store().editLine(line.id, { text });
    expect(store().saveState).toBe('pending');
    expect(core.updates).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(core.updates).toHaveLength(1);
    expect(core.updates[0]?.lines?.map((each) => each.text)).toEqual(['Hello']);
    expect(store().saveState).toBe('saved');
  });

  it('keeps what was typed while a save was on its way, and writes it next', async () => {
    const line = store().insertLine(null, { characterId: 'mira' });
    store().editLine(line.id, { text: 'Hi' });
    core.held = [];
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(store().saveState).toBe('saving');
    store().editLine(line.id, { text: 'Hi there' });
    const release = core.held;
    core.held = null;
    for (const resolve of release) resolve();
    await vi.advanceTimersByTimeAsync(0);
    // The answer to the older save does not take the newer words back.
    expect(store().scene?.lines[0]?.text).toBe('Hi there');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    // The new line went with the list; what was typed into it meanwhile goes as changes against core's words
    // (the next list names it as seen, so core keeps its words from that list).
    expect(core.updates.map((update) => update.seenLineIds?.includes(line.id) ?? false)).toEqual([false, true]);
    expect(core.edits.map(({ base, changes }) => ({ base, changes }))).toEqual([
      { base: 'Hi', changes: [{ at: 2, remove: 0, insert: ' there' }] },
    ]);
    expect(core.scene.lines[0]?.text).toBe('Hi there');
    expect(store().scene?.lines[0]?.text).toBe('Hi there');
    expect(store().saveState).toBe('saved');
  });

  it('shows a rendered line as a draft the moment it is edited, and rendered again when its old words come back', async () => {
    core.rendered.add('mira|Hello');
    const line = store().insertLine(null, { characterId: 'mira', text: 'Hello' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(store().scene?.lines[0]?.state).toBe('done');
    store().editLine(line.id, { text: 'Hello!' });
    expect(store().scene?.lines[0]?.state).toBe('draft');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(store().scene?.lines[0]?.state).toBe('draft');
    store().editLine(line.id, { text: 'Hello' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(store().scene?.lines[0]?.state).toBe('done');
  });

  it('lays another member’s words under what was typed and not sent yet, and sends only the keys typed here', async () => {
    const line = store().insertLine(null, { characterId: 'mira', text: 'Hello' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    store().editLine(line.id, { text: 'Hello!' });
    // Before the key goes, core tells of the line as another member changed it.
    const theirs = { ...core.scene, lines: core.scene.lines.map((each) => ({ ...each, text: 'Well, Hello' })) };
    core.scene = theirs;
    store().apply(theirs);
    expect(store().scene?.lines[0]?.text).toBe('Well, Hello!');
    await vi.advanceTimersByTimeAsync(TEXT_SEND_MS + 10);
    expect(core.edits.at(-1)).toMatchObject({ base: 'Well, Hello', changes: [{ at: 11, remove: 0, insert: '!' }] });
    expect(core.scene.lines[0]?.text).toBe('Well, Hello!');
    expect(store().saveState).toBe('saved');
  });

  it('holds another member’s words while an input method composes in the line, and lays them under the composed words once it ends', async () => {
    const line = store().insertLine(null, { characterId: 'mira', text: 'きょうは' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    const sentBefore = core.edits.length;
    store().composeLine(line.id, true);
    for (const text of ['きょうはt', 'きょうはて', 'きょうはてん', 'きょうは天']) store().editLine(line.id, { text });
    await vi.advanceTimersByTimeAsync(TEXT_SEND_MS + 10);
    // Nothing of a composition goes while it lasts.
    expect(core.edits).toHaveLength(sentBefore);
    const theirs = { ...core.scene, lines: core.scene.lines.map((each) => ({ ...each, text: 'ねえ、きょうは' })) };
    core.scene = theirs;
    store().apply(theirs);
    // Core's words wait: the box keeps the composition as it is.
    expect(store().scene?.lines[0]?.text).toBe('きょうは天');
    store().editLine(line.id, { text: 'きょうは天気' });
    store().composeLine(line.id, false);
    expect(store().scene?.lines[0]?.text).toBe('ねえ、きょうは天気');
    await vi.advanceTimersByTimeAsync(TEXT_SEND_MS + 10);
    expect(core.edits.slice(sentBefore)).toEqual([
      expect.objectContaining({ base: 'ねえ、きょうは', changes: [{ at: 7, remove: 0, insert: '天気' }] }),
    ]);
    expect(core.scene.lines[0]?.text).toBe('ねえ、きょうは天気');
    expect(store().saveState).toBe('saved');
  });

  it('keeps the answer to words sent before a composition began until it ends', async () => {
    const line = store().insertLine(null, { characterId: 'mira', text: 'Hello' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    store().editLine(line.id, { text: 'Hello, ' });
    core.held = [];
    await vi.advanceTimersByTimeAsync(TEXT_SEND_MS + 10);
    // Another member's words reach core before this edit does.
    core.scene = { ...core.scene, lines: core.scene.lines.map((each) => ({ ...each, text: 'Oh. Hello' })) };
    store().composeLine(line.id, true);
    store().editLine(line.id, { text: 'Hello, 世' });
    const release = core.held;
    core.held = null;
    for (const resolve of release) resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store().scene?.lines[0]?.text).toBe('Hello, 世');
    store().editLine(line.id, { text: 'Hello, 世界' });
    store().composeLine(line.id, false);
    expect(store().scene?.lines[0]?.text).toBe('Oh. Hello, 世界');
    await vi.advanceTimersByTimeAsync(TEXT_SEND_MS + 10);
    expect(core.scene.lines[0]?.text).toBe('Oh. Hello, 世界');
    expect(store().saveState).toBe('saved');
  });

  it('keeps a line another member added while the list was being changed here', async () => {
    const first = store().insertLine(null, { characterId: 'mira', text: 'One' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    store().insertLine(first.id, { characterId: 'otto', text: 'Mine' });
    const added = { ...core.scene.lines[0]!, id: crypto.randomUUID(), text: 'Theirs' };
    core.scene = { ...core.scene, lines: [...core.scene.lines, added] };
    store().apply(core.scene);
    // Theirs comes after the line it follows in the scene, One; nothing is lost either way.
    expect(store().scene?.lines.map((each) => each.text)).toEqual(['One', 'Theirs', 'Mine']);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(core.updates.at(-1)?.lines?.map((each) => each.text)).toEqual(['One', 'Theirs', 'Mine']);
  });

  it('names a scene’s copy in the person’s language, and leaves an untitled scene’s copy untitled', async () => {
    await loadMessages('de');
    setCurrentLocale('de');
    try {
      store().setTitle('Pier');
      await store().duplicateScene('s1');
      store().setTitle('');
      await store().duplicateScene('s1');
    } finally {
      setCurrentLocale('en');
    }
    expect(core.duplicated).toEqual([
      { id: 's1', title: 'Pier (Kopie)' },
      { id: 's1', title: '' },
    ]);
  });

  it('writes pending edits before the editor closes', async () => {
    const line = store().insertLine(null, { characterId: 'otto' });
    store().editLine(line.id, { text: 'Bye' });
    store().close();
    await vi.advanceTimersByTimeAsync(0);
    expect(core.updates.at(-1)?.lines?.[0]?.text).toBe('Bye');
    expect(store().openId).toBeNull();
  });
});

describe('the scenes list following another machine of the space', () => {
  beforeEach(() => {
    useScenesStore.getState().reset();
  });

  it('lists a scene made on another machine once the list was read, and not before', () => {
    useScenesStore.getState().apply(sceneOf('s2', 'Arrived early'));
    expect(useScenesStore.getState().summaries).toEqual([]);
    useScenesStore.setState({ listLoaded: true });
    useScenesStore.getState().apply(sceneOf('s2', 'Arrived'));
    useScenesStore.getState().apply(sceneOf('s2', 'Arrived, renamed'));
    expect(useScenesStore.getState().summaries.map((each) => [each.id, each.title])).toEqual([['s2', 'Arrived, renamed']]);
  });

  it('takes a scene removed on another machine out of the list, and closes it when it was open', () => {
    useScenesStore.setState({ listLoaded: true, scene: sceneOf('s1', 'Open'), openId: 's1' });
    useScenesStore.getState().apply(sceneOf('s1', 'Open'));
    useScenesStore.getState().apply(sceneOf('s2', 'Other'));
    useScenesStore.getState().applyRemoved('s1');
    const state = useScenesStore.getState();
    expect(state.summaries.map((each) => each.id)).toEqual(['s2']);
    expect([state.scene, state.openId]).toEqual([null, null]);
  });
});
