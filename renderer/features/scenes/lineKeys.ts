import type { KeyboardEvent } from 'react';
import type { IntlShape } from 'react-intl';
import { flushSync } from 'react-dom';
import type { SceneLine } from '../../../shared/ipc/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useCastStore } from './castStore.ts';
import { cycleSpeaker, nextSpeaker, speakerFields, speakerOf, type Speaker } from './sceneLines.ts';
import { useScenesStore } from './scenesStore.ts';

/** The keys of a line's text, said once here (as catalog messages) so the tooltip and the handler agree. */
export const LINE_KEYS = {
  newLine: 'scenes.keys.newLine',
  switchSpeaker: 'scenes.keys.switchSpeaker',
  move: 'scenes.keys.move',
  remove: 'scenes.keys.remove',
} as const satisfies Record<string, MessageId>;

/**
 * A key's words as plain text (a hint, a tooltip). The keys themselves (`<kbd>` in the message) are
 * isolated left to right, as they are typed: "Alt+↑ / Alt+↓" stays whole inside an Arabic sentence.
 */
export function keysText(intl: IntlShape, id: MessageId): string {
  return intl.formatMessage({ id }, { kbd: (keys: string[]) => `\u2066${keys.join('')}\u2069` });
}

type Where = 'start' | 'end';

function putCaret(id: string, where: Where): void {
  const text = document.querySelector<HTMLTextAreaElement>(`[data-line-id="${id}"] textarea`);
  if (!text) return;
  text.focus();
  const at = where === 'end' ? text.value.length : 0;
  text.setSelectionRange(at, at);
}

/** Puts the caret in a line's text on the next frame, once a menu that was open has given the focus back. */
export function focusLine(id: string, where: Where = 'end'): void {
  requestAnimationFrame(() => putCaret(id, where));
}

/**
 * Changes the lines, puts them on screen at once and the caret in the line `change` returns, all before the
 * next key is handled: a creator typing fast after Enter writes in the new line, never at the end of the old one.
 */
export function changeAndFocus(change: () => string | undefined, where: Where = 'end'): void {
  const id = flushSync(change);
  if (id) putCaret(id, where);
}

/** Who can speak in this scene, in the order Alt+↑/↓ goes through them: its cast first, then the rest of the cast, then the narrator. */
export function sceneSpeakers(lines: readonly SceneLine[]): Speaker[] {
  const { order, byId } = useCharactersStore.getState();
  const inScene = [...new Set(lines.flatMap((line) => (line.kind === 'talk' && line.characterId ? [line.characterId] : [])))];
  const others = order.filter((id) => !inScene.includes(id) && byId[id]?.status === 'ready');
  const narrator: Speaker = { kind: 'narrator', voiceId: narratorVoice(lines) };
  return [...[...inScene, ...others].map((characterId): Speaker => ({ kind: 'character', characterId })), narrator];
}

/** The narrator keeps the voice it last had in the scene, else the first voice there is. */
export function narratorVoice(lines: readonly SceneLine[]): string | null {
  const last = [...lines].reverse().find((line) => line.kind === 'speech' && line.voiceId);
  return last?.voiceId ?? useCastStore.getState().voices[0]?.id ?? null;
}

/** The editor's keys on a line's text (the list above says what each does). */
export function onLineKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, line: SceneLine): void {
  const store = useScenesStore.getState();
  const lines = store.scene?.lines ?? [];
  const index = lines.findIndex((each) => each.id === line.id);
  const vertical = event.key === 'ArrowUp' || event.key === 'ArrowDown';
  if (vertical && event.altKey) {
    event.preventDefault();
    const step = event.key === 'ArrowUp' ? -1 : 1;
    if (event.shiftKey) {
      changeAndFocus(() => {
        store.moveLine(line.id, step);
        return line.id;
      });
      return;
    }
    const speaker = cycleSpeaker(line, sceneSpeakers(lines), step);
    if (speaker) store.editLine(line.id, speakerFields(speaker));
    return;
  }
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    const speaker = nextSpeaker(lines, index) ?? speakerOf(line);
    changeAndFocus(() => store.insertLine(line.id, speaker ? speakerFields(speaker) : {}).id, 'start');
    return;
  }
  if (event.key === 'Backspace' && event.currentTarget.value === '' && lines.length > 1) {
    event.preventDefault();
    const previous = lines[index - 1] ?? lines[index + 1];
    changeAndFocus(() => {
      store.removeLine(line.id);
      return previous?.id;
    });
  }
}
