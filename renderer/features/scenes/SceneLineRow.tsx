import { AlertTriangle, AudioLines, Check, GripVertical, Laptop, MoreHorizontal, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { memo, useEffect, useRef, useState, type CSSProperties, type DragEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { LIMITS } from '../../../shared/api/limits.ts';
import { diffText, mapPlace } from '../../../shared/scenes/textChanges.ts';
import { EMOTIONS, QUALITIES, isEmotion, isQuality, type SceneLine, type SceneLinePriceView } from './sceneTypes.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { Button } from '../../ui/Button.tsx';
import { MediaImage } from '../../ui/MediaImage.tsx';
import { Field, Select } from '../../ui/Field.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { Menu, Select as ChoiceSelect } from '../../ui/primitives/index.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { ScenePresenceMember } from '../../../shared/ipc/scenes.ts';
import { ClipPicker } from './ClipPicker.tsx';
import { LinePresence } from './ScenePresence.tsx';
import { focusLine, keysText, LINE_KEYS, narratorVoice, onLineKeyDown } from './lineKeys.ts';
import { speakerFields } from './sceneLines.ts';
import { sameApartFromText, selectLine, selectLinePrice } from './sceneSelectors.ts';
import { useScenesStore, type ScenesState } from './scenesStore.ts';

export type Choice = { value: string; label: string };

type RowProps = {
  lineId: string;
  index: number;
  /** Characters of the cast, as `character:<id>` choices. */
  speakerChoices: readonly Choice[];
  voiceChoices: readonly Choice[];
  onRetry: (lineId: string) => void;
};

const DRAG_TYPE = 'application/x-cast-scene-line';
const NARRATOR = 'narrator';
const CLIP = 'clip';
function emotionChoices(intl: IntlShape): Choice[] {
  return [
    { value: '', label: intl.formatMessage({ id: 'scenes.line.emotion.default' }) },
    { value: 'auto', label: intl.formatMessage({ id: 'scenes.emotion.auto' }) },
    ...EMOTIONS.filter((emotion) => emotion !== 'auto').map((emotion) => ({
      value: emotion,
      label: intl.formatMessage({ id: 'scenes.emotion' }, { emotion }),
    })),
  ];
}

function qualityChoices(intl: IntlShape): Choice[] {
  return [
    { value: '', label: intl.formatMessage({ id: 'scenes.line.quality.asScene' }) },
    ...QUALITIES.map((quality) => ({ value: quality, label: intl.formatMessage({ id: 'scenes.quality' }, { quality }) })),
  ];
}

/** A line's menu: duplicate, move, retry (a failed line) and delete. */
function lineActions(intl: IntlShape, first: boolean, failed: boolean) {
  return [
    { id: 'duplicate', label: intl.formatMessage({ id: 'scenes.line.duplicate' }) },
    { id: 'up', label: intl.formatMessage({ id: 'scenes.line.moveUp' }), disabled: first },
    { id: 'down', label: intl.formatMessage({ id: 'scenes.line.moveDown' }) },
    ...(failed ? [{ id: 'retry', label: intl.formatMessage({ id: 'scenes.line.retryLine' }) }] : []),
    { id: 'delete', label: intl.formatMessage({ id: 'scenes.line.delete' }), danger: true },
  ];
}

/** The cast, then the narrator and a gallery clip; "Choose a speaker" only while the line has none. */
function speakerOptions(line: SceneLine, speakerChoices: readonly Choice[], intl: IntlShape): Choice[] {
  return [
    ...(speakerValue(line) === '' ? [{ value: '', label: intl.formatMessage({ id: 'scenes.line.chooseSpeaker' }) }] : []),
    ...speakerChoices,
    { value: NARRATOR, label: intl.formatMessage({ id: 'scenes.line.narrator' }) },
    { value: CLIP, label: intl.formatMessage({ id: 'scenes.line.clip' }) },
  ];
}

function speakerValue(line: SceneLine): string {
  if (line.kind === 'speech') return NARRATOR;
  if (line.kind === 'clip') return CLIP;
  return line.characterId ? `character:${line.characterId}` : '';
}

/**
 * One line of the script: who says it, what, how, and where its render stands. The row reads its own
 * line and price from the store by id, so an edit in one line renders that row and no other; a key
 * typed in its text renders nothing at all (the text box holds its own words, see LineText).
 */
export const SceneLineRow = memo(function SceneLineRow({ lineId, ...rest }: RowProps) {
  const { line, linePrice, here } = useScenesStore(useRowSelection(lineId));
  // Between a line's removal and the list's next render, its row has nothing left to show.
  return line ? <LineRow line={line} linePrice={linePrice} here={here} {...rest} /> : null;
});

type RowSelection = { line: SceneLine | undefined; linePrice: SceneLinePriceView | undefined; here: readonly ScenePresenceMember[] };

const NOBODY: readonly ScenePresenceMember[] = [];

/** Who else is on the line, kept as the array shown before while they are the same people. */
function presenceOn(state: ScenesState, lineId: string, before: readonly ScenePresenceMember[]): readonly ScenePresenceMember[] {
  const here = state.presence.filter((member) => member.lineId === lineId);
  if (here.length === 0) return NOBODY;
  const key = (members: readonly ScenePresenceMember[]) => members.map((m) => `${m.clientId}:${m.name}:${m.hue}`).join();
  return key(here) === key(before) ? before : here;
}

/**
 * What a row reads of the store, in one selection (every row hears every change, so one listener a
 * row, not two): its line, kept as the object shown before while only its text changed, and its price.
 * The kept line's `text` may then be older than the store's: the row reads the text from the text
 * box, never from this copy.
 */
function useRowSelection(lineId: string): (state: ScenesState) => RowSelection {
  const shown = useRef<RowSelection>({ line: undefined, linePrice: undefined, here: NOBODY });
  return (state) => {
    const before = shown.current;
    const next = selectLine(state, lineId);
    const line = before.line && next && sameApartFromText(before.line, next) ? before.line : next;
    const linePrice = selectLinePrice(state, lineId);
    const here = presenceOn(state, lineId, before.here);
    if (line === before.line && linePrice === before.linePrice && here === before.here) return before;
    shown.current = { line, linePrice, here };
    return shown.current;
  };
}

type LineRowProps = Omit<RowProps, 'lineId'> & {
  line: SceneLine;
  linePrice: SceneLinePriceView | undefined;
  here?: readonly ScenePresenceMember[];
};

function LineRow({ line, index, linePrice, here = NOBODY, speakerChoices, voiceChoices, onRetry }: LineRowProps) {
  const intl = useIntl();
  const describe = useDescribeError();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const edit = useScenesStore.getState().editLine;
  const number = index + 1;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(false);
    const from = Number(event.dataTransfer.getData(DRAG_TYPE));
    if (Number.isInteger(from) && from !== index) useScenesStore.getState().moveLineTo(from, index);
  };

  return (
    <li
      className={`scene-line${dropTarget ? ' scene-line-drop' : ''}${line.state === 'done' ? ' scene-line-pictured' : ''}${here.length > 0 ? ' scene-line-others' : ''}`}
      style={here[0] ? ({ '--presence-hue': here[0].hue } as CSSProperties) : undefined}
      onFocus={() => useScenesStore.getState().enterLine(line.id)}
      data-line-id={line.id}
      data-line-state={line.state}
      data-line-kind={line.kind}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={onDrop}
    >
      <span
        className="scene-line-handle"
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, String(index));
          event.dataTransfer.effectAllowed = 'move';
        }}
        title={intl.formatMessage({ id: 'scenes.line.drag' }, { keys: keysText(intl, LINE_KEYS.move) })}
        aria-hidden="true"
      >
        <GripVertical size={16} />
      </span>
      <span className="scene-line-number" aria-hidden="true">
        {number}
      </span>
      {line.state === 'done' ? <LinePicture line={line} /> : null}
      <div className="scene-line-body">
        <LinePresence here={here} />
        <LineHead
          line={line}
          index={index}
          linePrice={linePrice}
          speakerChoices={speakerChoices}
          voiceChoices={voiceChoices}
          onRetry={onRetry}
          optionsOpen={optionsOpen}
          onToggleOptions={() => setOptionsOpen((open) => !open)}
        />
        {line.kind === 'clip' ? (
          <ClipPicker lineNumber={number} value={line.clipItemId} onChange={(clipItemId) => edit(line.id, { clipItemId })} />
        ) : (
          <LineText line={line} number={number} />
        )}
        {linePrice?.problem && line.state !== 'done' ? (
          <p className="scene-line-problem-text">{describe({ code: 'line_not_ready', params: { problem: linePrice.problem } })}</p>
        ) : null}
        {line.state === 'failed' && line.error ? <p className="scene-line-problem-text">{describe(line.error)}</p> : null}
        {optionsOpen && line.kind === 'talk' ? <TalkOptionsFields line={line} number={number} /> : null}
      </div>
    </li>
  );
}

/** The line's speaker, voice and emotion, where its render stands, and what can be done to it. */
function LineHead({
  line,
  index,
  linePrice,
  speakerChoices,
  voiceChoices,
  onRetry,
  optionsOpen,
  onToggleOptions,
}: Omit<LineRowProps, 'line'> & { line: SceneLine; optionsOpen: boolean; onToggleOptions: () => void }) {
  const intl = useIntl();
  const edit = useScenesStore.getState().editLine;
  const number = index + 1;

  const changeSpeaker = (value: string) => {
    const lines = useScenesStore.getState().scene?.lines ?? [];
    if (value === NARRATOR) edit(line.id, speakerFields({ kind: 'narrator', voiceId: line.voiceId ?? narratorVoice(lines) }));
    else if (value === CLIP) edit(line.id, { kind: 'clip', characterId: null, voiceId: null, talk: null });
    else edit(line.id, speakerFields({ kind: 'character', characterId: value.slice('character:'.length) }));
  };

  const act = (action: string) => {
    const store = useScenesStore.getState();
    if (action === 'duplicate') {
      const copy = store.duplicateLine(line.id);
      if (copy) focusLine(copy.id);
    } else if (action === 'up' || action === 'down') store.moveLine(line.id, action === 'up' ? -1 : 1);
    else if (action === 'delete') store.removeLine(line.id);
    else if (action === 'retry') onRetry(line.id);
  };

  return (
    <div className="scene-line-head">
      <span className="scene-line-select" title={keysText(intl, LINE_KEYS.switchSpeaker)}>
        <ChoiceSelect
          hideLabel
          label={intl.formatMessage({ id: 'scenes.line.speaker' }, { number })}
          className="scene-line-speaker"
          value={speakerValue(line)}
          options={speakerOptions(line, speakerChoices, intl)}
          onChange={changeSpeaker}
          name="speaker"
        />
      </span>
      {line.kind === 'speech' ? (
        <ChoiceSelect
          hideLabel
          label={intl.formatMessage({ id: 'scenes.line.voice' }, { number })}
          className="scene-line-voice"
          value={line.voiceId ?? ''}
          options={[{ value: '', label: intl.formatMessage({ id: 'scenes.line.chooseVoice' }) }, ...voiceChoices]}
          onChange={(voiceId) => edit(line.id, { voiceId: voiceId || null })}
          name="voice"
        />
      ) : null}
      {line.kind !== 'clip' ? (
        <ChoiceSelect
          hideLabel
          label={intl.formatMessage({ id: 'scenes.line.emotion' }, { number })}
          className="scene-line-emotion"
          value={line.emotion ?? ''}
          options={emotionChoices(intl)}
          onChange={(emotion) => edit(line.id, { emotion: isEmotion(emotion) ? emotion : null })}
          name="emotion"
        />
      ) : null}
      <LineStatus line={line} linePrice={linePrice} onRetry={() => onRetry(line.id)} />
      {line.kind === 'talk' ? (
        <Button
          variant="ghost"
          size="sm"
          icon={<SlidersHorizontal size={14} aria-hidden="true" />}
          aria-label={intl.formatMessage({ id: 'scenes.line.talkOptions' }, { number })}
          aria-expanded={optionsOpen}
          onClick={onToggleOptions}
        />
      ) : null}
      <Menu
        label={intl.formatMessage({ id: 'scenes.line.more' }, { number })}
        trigger={<MoreHorizontal size={16} aria-hidden="true" />}
        actions={lineActions(intl, index === 0, line.state === 'failed')}
        onAction={act}
      />
    </div>
  );
}

/**
 * A finished line's picture: its talk clip's (or gallery clip's) thumbnail from the library, or a
 * waveform for a line with no picture (a narrator's speech). The line's text says what it is, so the
 * picture is not announced again.
 */
function LinePicture({ line }: { line: SceneLine }) {
  if (line.kind === 'speech')
    return (
      <span className="scene-line-picture scene-line-wave" aria-hidden="true" data-picture="waveform">
        <AudioLines size={22} />
      </span>
    );
  return (
    <span className="scene-line-picture" data-picture={line.thumbId ? 'thumbnail' : 'pending'}>
      <MediaImage mediaId={line.thumbId} alt="" className="scene-line-thumb" />
    </span>
  );
}

/** The text boxes shown, by line id, and the one listener that puts words changed elsewhere in them. */
const textBoxes = new Map<string, HTMLTextAreaElement>();
let stopFollowing: (() => void) | null = null;
let followedLines: readonly SceneLine[] = [];

/**
 * Puts a line's words in its box when the store's differ (an undo, core's copy after a save): one
 * listener for every box, which looks only at the lines whose object changed, so a key typed in one
 * line reads one text box, not all of them. Answers how to stop following this box.
 */
function followText(id: string, element: HTMLTextAreaElement): () => void {
  textBoxes.set(id, element);
  const text = selectLine(useScenesStore.getState(), id)?.text;
  if (text !== undefined && element.value !== text) element.value = text;
  if (!stopFollowing) {
    followedLines = useScenesStore.getState().scene?.lines ?? [];
    stopFollowing = useScenesStore.subscribe(putChangedTexts);
  }
  return () => {
    if (textBoxes.get(id) === element) textBoxes.delete(id);
    if (textBoxes.size > 0) return;
    stopFollowing?.();
    stopFollowing = null;
    followedLines = [];
  };
}

function putChangedTexts(state: ScenesState): void {
  const lines = state.scene?.lines ?? [];
  if (lines === followedLines) return;
  const before = followedLines;
  followedLines = lines;
  lines.forEach((line, at) => {
    if (line === before[at]) return;
    const element = textBoxes.get(line.id);
    if (element && element.value !== line.text) putWords(element, line.text);
  });
}

/**
 * New words in a text box (another member typed in the line): the caret and selection stay by the
 * characters they were by, so typing goes on where it was.
 */
function putWords(element: HTMLTextAreaElement, text: string): void {
  if (element.ownerDocument.activeElement !== element) {
    element.value = text;
    return;
  }
  const { selectionStart, selectionEnd, selectionDirection } = element;
  const changes = diffText(element.value, text);
  element.value = text;
  element.setSelectionRange(mapPlace(selectionStart, changes, false), mapPlace(selectionEnd, changes, false), selectionDirection);
}

/**
 * The line's words. The text box is uncontrolled: the browser draws each key as it comes (caret, IME
 * composition and undo untouched) and the store only takes the new text, for the save; React renders
 * nothing per key. Words that change in the store from elsewhere are put in the box when they differ;
 * while an input method composes in it, they wait (the store holds them) and come in when it ends.
 */
function LineText({ line, number }: { line: SceneLine; number: number }) {
  const intl = useIntl();
  const box = useRef<HTMLTextAreaElement>(null);
  const id = line.id;
  useEffect(() => (box.current ? followText(id, box.current) : undefined), [id]);
  return (
    <textarea
      ref={box}
      className="input textarea scene-line-text"
      aria-label={intl.formatMessage({ id: 'scenes.line.text' }, { number })}
      title={[LINE_KEYS.newLine, LINE_KEYS.switchSpeaker, LINE_KEYS.move].map((id) => keysText(intl, id)).join(' · ')}
      rows={1}
      dir="auto"
      defaultValue={line.text}
      placeholder={intl.formatMessage({ id: line.kind === 'speech' ? 'scenes.line.placeholder.narrator' : 'scenes.line.placeholder.talk' })}
      onChange={(event) => useScenesStore.getState().editLine(id, { text: event.target.value })}
      onCompositionStart={() => useScenesStore.getState().composeLine(id, true)}
      onCompositionEnd={() => useScenesStore.getState().composeLine(id, false)}
      onKeyDown={(event) => onLineKeyDown(event, line)}
      maxLength={LIMITS.audioText.max}
      data-field="text"
    />
  );
}

function TalkOptionsFields({ line, number }: { line: SceneLine; number: number }) {
  const intl = useIntl();
  const edit = useScenesStore.getState().editLine;
  const talk = line.talk ?? {};
  const change = (patch: Partial<NonNullable<SceneLine['talk']>>) => {
    const next = { ...talk, ...patch };
    for (const key of Object.keys(next) as (keyof typeof next)[]) if (next[key] === undefined) delete next[key];
    edit(line.id, { talk: Object.keys(next).length > 0 ? next : null });
  };
  return (
    <div className="scene-line-options" role="group" aria-label={intl.formatMessage({ id: 'scenes.line.talkOptions' }, { number })}>
      <label className="scene-line-option">
        <span className="field-label">{intl.formatMessage({ id: 'scenes.line.length' })}</span>
        <input
          className="input"
          type="number"
          min={LIMITS.generationDuration.min}
          max={LIMITS.generationDuration.max}
          value={talk.duration ?? ''}
          placeholder={intl.formatMessage({ id: 'scenes.line.lengthAuto' })}
          onChange={(event) => {
            const seconds = Math.round(Number(event.target.value));
            change({
              duration:
                event.target.value && seconds >= LIMITS.generationDuration.min && seconds <= LIMITS.generationDuration.max
                  ? seconds
                  : undefined,
            });
          }}
        />
      </label>
      <label className="scene-line-option">
        <span className="field-label">{intl.formatMessage({ id: 'scenes.line.expression' })}</span>
        <input
          className="input"
          type="text"
          maxLength={LIMITS.generationOptionText.max}
          value={talk.expression ?? ''}
          dir="auto"
          placeholder={intl.formatMessage({ id: 'scenes.line.expressionExample' })}
          onChange={(event) => change({ expression: event.target.value || undefined })}
        />
      </label>
      <Field label={intl.formatMessage({ id: 'scenes.editor.quality' })} className="scene-line-option">
        {(control) => (
          <Select
            {...control}
            value={talk.quality ?? ''}
            options={qualityChoices(intl)}
            onChange={(event) => change({ quality: isQuality(event.target.value) ? event.target.value : undefined })}
            data-field="talk-quality"
          />
        )}
      </Field>
    </div>
  );
}

/** Where the line's render stands: its price before, its progress during, its clip after. */
function LineStatus({ line, linePrice, onRetry }: { line: SceneLine; linePrice: SceneLinePriceView | undefined; onRetry: () => void }) {
  const jobId = line.talkJobId ?? line.speechJobId;
  const progress = useJobsStore((s) => (jobId ? (s.jobs[jobId]?.progress ?? null) : null));
  const intl = useIntl();
  const formats = useFormats();
  const describe = useDescribeError();
  const words = (id: MessageId) => intl.formatMessage({ id });
  if (line.state === 'queued') return <span className="scene-line-status">{words('scenes.line.queued')}</span>;
  if (line.state === 'rendering' && line.renderingOn)
    return (
      <span className="scene-line-status scene-line-elsewhere" title={words('scenes.line.renderingElsewhere.hint')} data-rendering-on="">
        <Laptop size={14} aria-hidden="true" />
        <span>
          {intl.formatMessage(
            { id: 'scenes.line.renderingElsewhere' },
            { member: line.renderingOn, bdi: (chunks) => <bdi className="scene-line-member">{chunks}</bdi> },
          )}
        </span>
      </span>
    );
  if (line.state === 'rendering')
    return (
      <span className="scene-line-status scene-line-rendering">
        <ProgressBar value={progress} label={words('scenes.line.rendering')} />
      </span>
    );
  if (line.state === 'failed')
    return (
      <span className="scene-line-status scene-line-failed" title={line.error ? describe(line.error) : undefined}>
        <AlertTriangle size={14} aria-hidden="true" />
        <span>{words('scenes.line.failed')}</span>
        <Button size="sm" variant="secondary" icon={<RotateCcw size={14} aria-hidden="true" />} onClick={onRetry} data-action="retry-line">
          {words('scenes.line.retry')}
        </Button>
      </span>
    );
  if (line.state === 'done')
    return (
      <span className="scene-line-status scene-line-done">
        <Check size={14} aria-hidden="true" />
        <span>
          {line.durationMs
            ? intl.formatMessage({ id: 'scenes.line.seconds' }, { seconds: formats.decimal(line.durationMs / 1000) })
            : words('scenes.line.done')}
        </span>
      </span>
    );
  if (!linePrice) return <span className="scene-line-status">{words('scenes.line.draft')}</span>;
  if (linePrice.problem) return <span className="scene-line-status scene-line-problem">{words('scenes.line.notReady')}</span>;
  if (linePrice.reused) return <span className="scene-line-status">{words('scenes.line.reused')}</span>;
  return (
    <span className="scene-line-status scene-line-price" data-credits={linePrice.credits ?? undefined}>
      {linePrice.credits === null ? words('scenes.line.noPrice') : formats.credits(linePrice.credits)}
    </span>
  );
}
