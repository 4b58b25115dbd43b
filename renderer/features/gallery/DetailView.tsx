import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { useBulkStore } from './bulkStore.ts';
import { useDetailStore } from './detailStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { fileNameOf, isFinished, KIND_LABELS, statusBadge } from './itemLabels.ts';
import { MediaView } from './MediaView.tsx';
import { runAgainRequest } from './runAgainRequest.ts';
import { useSelectionStore } from './selectionStore.ts';
import './detailView.css';
import { Button } from '../../ui/Button.tsx';
import { ModalDialog } from '../../ui/Dialog.tsx';
import { Tooltip } from '../../ui/primitives/index.ts';
import { priceBlocks, priceNote } from '../../ui/priceNote.ts';
import { SendAnotherPrompt, useSendGuard } from '../../ui/SendAnother.tsx';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useFormats, useLocale } from '../../i18n/LanguageProvider.tsx';
import type { Formats } from '../../i18n/format.ts';
import { isRightToLeft } from '../../i18n/locales.ts';
import { SaidText } from '../../ui/SaidText.tsx';

/** The quick look (Space) and the detail view (Enter) of one library item, as a modal dialog. */
export function DetailView() {
  const { item, mode, open, close } = useDetailStore(useShallow((s) => ({ item: s.item, mode: s.mode, open: s.open, close: s.close })));
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const online = useConnectionStore((s) => s.connection?.online ?? true);
  const dialog = useRef<HTMLDialogElement | null>(null);
  const intl = useIntl();
  // The next item is the one after in reading order: to the left in Arabic.
  const rightToLeft = isRightToLeft(useLocale());

  // The quick look takes the keys itself (Space closes it, Enter opens the details), so the
  // dialog holds the focus rather than its first button.
  useEffect(() => {
    if (item && mode === 'preview') dialog.current?.focus();
  }, [item, mode]);

  // Stepping to another item replaces the media and its zoom buttons: a focused one leaves with it,
  // and the focus would fall to the page behind the dialog, where the arrow keys and Escape no
  // longer reach it. The dialog takes the focus back.
  const itemId = item?.id;
  useEffect(() => {
    const element = dialog.current;
    if (element?.open && !element.contains(document.activeElement)) element.focus();
  }, [itemId]);

  /** Left and right walk through the grid; the keyboard cursor follows. */
  const step = (by: number) => {
    if (!item) return;
    const gallery = useGalleryStore.getState();
    const index = gallery.indexOf(item.id) + by;
    const next = index >= 0 ? gallery.itemAt(index) : undefined;
    if (!next) return;
    useSelectionStore.getState().setFocus(index);
    open(next, mode);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    if (['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName) || target.getAttribute('role') === 'slider') return;
    if (event.key === 'ArrowRight') step(rightToLeft ? -1 : 1);
    else if (event.key === 'ArrowLeft') step(rightToLeft ? 1 : -1);
    else if (event.key === ' ' && mode === 'preview' && target.tagName !== 'BUTTON') close();
    else if (event.key === 'Enter' && mode === 'preview' && item && target.tagName !== 'BUTTON') open(item, 'full');
    else return;
    event.preventDefault();
  };

  return (
    <ModalDialog
      open={item !== null}
      onClose={close}
      ref={dialog}
      className={`detail-dialog mode-${mode}`}
      focusable
      labelledBy="detail-title"
      onKeyDown={onKeyDown}
      testId="detail-dialog"
    >
      {item && (
        <div className="detail-layout">
          <header className="detail-header">
            <h2 id="detail-title">
              <bdi>{item.title}</bdi>
            </h2>
            <span className="badge">{intl.formatMessage({ id: KIND_LABELS[item.kind] })}</span>
            <StatusBadge item={item} />
            {mode === 'preview' && (
              <Button size="sm" variant="ghost" onClick={() => open(item, 'full')}>
                {intl.formatMessage({ id: 'gallery.detail.details' })}
              </Button>
            )}
            <button
              type="button"
              className="icon-button detail-close"
              onClick={close}
              aria-label={intl.formatMessage({ id: 'gallery.close' })}
            >
              ✕
            </button>
          </header>
          <div className="detail-body">
            <div className="detail-media">
              <MediaView key={item.id} item={item} mediaBase={mediaBase} online={online} autoPlay={mode === 'preview'} />
            </div>
            {mode === 'full' && <DetailInfo item={item} />}
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

function StatusBadge({ item }: { item: LibraryItem }) {
  const intl = useIntl();
  const status = statusBadge(item);
  return status ? <span className={`badge tone-${status.tone}`}>{intl.formatMessage({ id: status.label })}</span> : null;
}

function DetailInfo({ item }: { item: LibraryItem }) {
  const { notice, error, close } = useDetailStore(useShallow((s) => ({ notice: s.notice, error: s.error, close: s.close })));
  const intl = useIntl();

  const vary = () => {
    if (!item.characterId || item.kind === 'audio' || item.kind === 'character_create') return;
    close();
    useNavigationStore
      .getState()
      .openGenerate(item.characterId, { type: item.kind, prompt: item.prompt ?? '', model: item.model, options: item.options });
  };
  const useAsReference = () => {
    close();
    useHandoffStore.getState().useAsReference(item);
  };

  return (
    <div className="detail-info">
      <DetailFacts item={item} />
      <div className="detail-actions">
        <RunAgainActions item={item} />
        {item.characterId && (item.kind === 'image' || item.kind === 'video' || item.kind === 'talk') && (
          <Button onClick={vary}>{intl.formatMessage({ id: 'gallery.detail.vary' })}</Button>
        )}
        {isFinished(item) && item.kind !== 'audio' && (
          <Button onClick={useAsReference}>{intl.formatMessage({ id: 'gallery.actions.useAsReference' })}</Button>
        )}
        <FileActions item={item} />
        <Button
          onClick={() =>
            void useBulkStore
              .getState()
              .setFavorite([item.id], !item.favorite)
              .then(() => useDetailStore.getState().refreshItem({ ...item, favorite: !item.favorite }))
          }
        >
          {item.favorite ? '★ ' : '☆ '}
          {intl.formatMessage({ id: item.favorite ? 'gallery.detail.unfavorite' : 'gallery.detail.favorite' })}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            close();
            useBulkStore.getState().askDelete([item.id]);
          }}
        >
          {intl.formatMessage({ id: 'gallery.bulk.delete' })}
        </Button>
      </div>
      <div aria-live="polite">
        {notice && (
          <p className="status-notice" data-testid="detail-notice">
            <SaidText said={notice} />
          </p>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          <SaidText said={error} />
        </p>
      )}
    </div>
  );
}

/** What the item is: its prompt, and the facts of how and when it was made. */
function DetailFacts({ item }: { item: LibraryItem }) {
  const online = useConnectionStore((s) => s.connection?.online ?? true);
  // Its download failed for good (download.failed): not "not yet", which would promise it.
  const downloadFailed = useDetailStore((s) => s.item?.id === item.id && s.fetchError !== null);
  const intl = useIntl();
  const formats = useFormats();
  const say = (id: MessageId) => intl.formatMessage({ id });
  const options = Object.entries(item.options).filter(
    ([key, value]) => value !== null && value !== undefined && value !== '' && !HIDDEN_OPTIONS.has(key) && !key.endsWith('_id'),
  );
  return (
    <>
      {item.prompt && (
        <section>
          <h3>{say(item.kind === 'audio' ? 'gallery.detail.speechText' : 'gallery.detail.prompt')}</h3>
          <p className="detail-prompt" dir="auto">
            {item.prompt}
          </p>
        </section>
      )}
      <dl className="detail-facts">
        {item.characterName && (
          <>
            <dt>{say('gallery.detail.character')}</dt>
            <dd>
              <bdi>{item.characterName}</bdi>
            </dd>
          </>
        )}
        <dt>{say('gallery.detail.model')}</dt>
        <dd>{item.model ? <bdi>{item.model}</bdi> : say('gallery.detail.defaultModel')}</dd>
        <dt>{say('gallery.detail.credits')}</dt>
        <dd data-testid="detail-credits">{item.creditsUsed === null ? '—' : formats.number(item.creditsUsed)}</dd>
        <dt>{say('gallery.detail.created')}</dt>
        <dd>{formats.dateTimeOf(item.createdAt)}</dd>
        <dt>{say('gallery.detail.finished')}</dt>
        <dd>{formats.dateTimeOf(item.completedAt)}</dd>
        <dt>{say('gallery.detail.local')}</dt>
        <dd>
          {say(
            item.downloaded
              ? 'gallery.detail.yes'
              : downloadFailed
                ? 'gallery.detail.downloadFailed'
                : online
                  ? 'gallery.detail.notYet'
                  : 'gallery.detail.notYetOffline',
          )}
        </dd>
        {options.map(([key, value]) => (
          <div key={key} className="detail-option">
            <dt>{optionLabel(key, intl)}</dt>
            <dd>
              <bdi>{optionValue(key, value, intl, formats)}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Run again, priced: its button, the guard against a second send, and why it waits when it does. */
function RunAgainActions({ item }: { item: LibraryItem }) {
  const { price, pricing, submitting, runAgain, recheckPrice } = useDetailStore(
    useShallow((s) => ({
      price: s.price,
      pricing: s.pricing,
      submitting: s.submitting,
      runAgain: s.runAgain,
      recheckPrice: s.recheckPrice,
    })),
  );
  // The reason Run again cannot be clicked yet, in the generate panel's words (ui/priceNote.ts).
  const priced = price ? ({ status: 'priced', price } as const) : null;
  const held = priced ? priceBlocks(priced) : null;
  const note = priced ? priceNote(priced, undefined) : null;
  const noteId = useId();
  const guard = useSendGuard(!(submitting || pricing || held !== null));
  const online = useConnectionStore((s) => s.connection?.online ?? true);
  const intl = useIntl();
  const formats = useFormats();
  if (runAgainRequest(item) === null) return null;
  const label = submitting
    ? intl.formatMessage({ id: 'gallery.runAgain.queuing' })
    : pricing
      ? intl.formatMessage({ id: 'gallery.runAgain.pricing' })
      : price
        ? intl.formatMessage({ id: 'gallery.runAgain.priced' }, { credits: formats.credits(price.credits) })
        : intl.formatMessage({ id: 'gallery.runAgain' });
  return (
    <>
      <Button
        variant="primary"
        onClick={(event) => guard.onClick(event, () => void runAgain())}
        disabled={submitting || pricing || held !== null}
        aria-describedby={note ? noteId : undefined}
        data-testid="run-again"
        data-held={held ?? undefined}
      >
        {label}
      </Button>
      <SendAnotherPrompt guard={guard} what={intl.formatMessage({ id: 'gallery.runAgain.what' })} />
      {!online && <p className="muted">{intl.formatMessage({ id: 'gallery.runAgain.offline' })}</p>}
      {note && (
        <div className={`price-note price-note-${note.tone}`} data-price-note={held ?? note.tone}>
          <p id={noteId} role={note.tone === 'hint' ? undefined : 'status'}>
            {note.title ? <span className="price-note-title">{note.title} </span> : null}
            {note.text}
          </p>
          {note.action === 'checkApproval' || note.action === 'checkBalance' ? (
            <Button size="sm" variant="secondary" onClick={() => void recheckPrice()} data-action={note.action}>
              {intl.formatMessage({
                id: note.action === 'checkApproval' ? 'gallery.runAgain.checkApproval' : 'gallery.runAgain.checkBalance',
              })}
            </Button>
          ) : null}
        </div>
      )}
    </>
  );
}

/** The item's file: saved elsewhere (a download in the browser host) or shown in its folder. */
function FileActions({ item }: { item: LibraryItem }) {
  const { saveAs, showInFolder } = useDetailStore(useShallow((s) => ({ saveAs: s.saveAs, showInFolder: s.showInFolder })));
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  // The desktop shell opens the system's save dialog and file manager; the browser host downloads.
  const desktop = useAppInfoStore((s) => s.info?.host === 'electron');
  const mediaSrc = item.downloaded ? mediaUrl(mediaBase, item.mediaId) : null;
  const download = mediaSrc ? `${mediaSrc}?download=${encodeURIComponent(fileNameOf(item))}` : null;
  const intl = useIntl();
  const saveAsLabel = intl.formatMessage({ id: 'gallery.file.saveAs' });
  const dragHint = intl.formatMessage({ id: 'gallery.file.dragHint' });
  return (
    <>
      {desktop ? (
        <Tooltip content={dragHint}>
          <Button onClick={() => void saveAs()} disabled={!item.downloaded}>
            {saveAsLabel}
          </Button>
        </Tooltip>
      ) : download ? (
        // The browser host: a browser download, saved where the browser saves (the host answers
        // this link with Content-Disposition: attachment).
        <Tooltip content={dragHint}>
          <a className="button button-secondary" href={download} download={fileNameOf(item)} data-action="save-as">
            {saveAsLabel}
          </a>
        </Tooltip>
      ) : (
        <Button disabled>{saveAsLabel}</Button>
      )}
      {/* Only the desktop shell can open a file manager; the browser host has nothing to show. */}
      {desktop && (
        <Button onClick={() => void showInFolder()} disabled={!item.downloaded}>
          {intl.formatMessage({ id: 'gallery.file.showInFolder' })}
        </Button>
      )}
    </>
  );
}

/** Options that are plumbing rather than choices (URLs of inputs, ids). */
const HIDDEN_OPTIONS = new Set([
  'url',
  'output_url',
  'audio_url',
  'reference_images',
  'reference_video',
  'start_frame',
  'input_image',
  'reference_audio',
]);
/** The options the studio names in words; any other is shown by its key, as the service names it. */
const OPTION_LABELS: Record<string, MessageId> = {
  hd: 'gallery.detail.option.hd',
  aspect_ratio: 'gallery.detail.option.aspectRatio',
  duration: 'gallery.detail.option.duration',
  duration_seconds: 'gallery.detail.option.duration',
  seed: 'gallery.detail.option.seed',
  emotion: 'gallery.detail.option.emotion',
  speed: 'gallery.detail.option.speed',
  fps: 'gallery.detail.option.fps',
  resolution: 'gallery.detail.option.resolution',
  style: 'gallery.detail.option.style',
  image_mode: 'gallery.detail.option.imageMode',
  include_character: 'gallery.detail.option.includeCharacter',
};
/** Options that are a length of time in seconds, shown as a clock (0:04). */
const DURATION_OPTIONS = new Set(['duration', 'duration_seconds']);

function optionLabel(key: string, intl: IntlShape): string {
  const id = OPTION_LABELS[key];
  if (id) return intl.formatMessage({ id });
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionValue(key: string, value: unknown, intl: IntlShape, formats: Formats): string {
  if (typeof value === 'boolean') return intl.formatMessage({ id: value ? 'gallery.detail.yes' : 'gallery.detail.no' });
  if (DURATION_OPTIONS.has(key) && typeof value === 'number') return formats.duration(value);
  if (typeof value === 'string') return value;
  // Options come from JSON: what is not a string reads as its JSON (numbers, null, lists).
  return JSON.stringify(value) ?? '';
}
