import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppError, Bridge } from '../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../renderer/bridge/invoke.ts';
import { describeError } from '../../../../renderer/errors/errorMessages.ts';
import { useCreditsStore } from '../../../../renderer/features/credits/creditsStore.ts';
import { useBulkStore } from '../../../../renderer/features/gallery/bulkStore.ts';
import { useCollectionsStore } from '../../../../renderer/features/gallery/collectionsStore.ts';
import { useCompareStore } from '../../../../renderer/features/gallery/compareStore.ts';
import { useDetailStore } from '../../../../renderer/features/gallery/detailStore.ts';
import { startMediaDrag } from '../../../../renderer/features/gallery/mediaDrag.ts';
import { useSelectionStore } from '../../../../renderer/features/gallery/selectionStore.ts';
import { useAboutStore } from '../../../../renderer/features/settings/about/aboutStore.ts';
import { useProfilesStore } from '../../../../renderer/features/settings/profilesStore.ts';
import { useTracksStore } from '../../../../renderer/features/voices/tracksStore.ts';
import { useVoicesStore } from '../../../../renderer/features/voices/voicesStore.ts';
import { messagesFor } from '../../../../renderer/i18n/catalogs.ts';
import { formatsFor } from '../../../../renderer/i18n/format.ts';
import type { Locale } from '../../../../renderer/i18n/locales.ts';
import { useToastStore } from '../../../../renderer/stores/toastStore.ts';
import { SaidText, type Said } from '../../../../renderer/ui/SaidText.tsx';
import { libraryItems } from '../support/libraryItems.ts';

/** What core answers to every command in these tests. */
const REFUSAL: AppError = { code: 'library_rebuilding', params: {} };

/**
 * The text a piece of the page shows in a language (react-intl's provider, as the page's own gives
 * it, switched). Drawn on the server, where zustand hooks read a store's first state, so the
 * stored value is handed to the component that words it (`SaidText`, which the screens use).
 */
function shownIn(locale: Locale, node: ReactNode): string {
  const html = renderToStaticMarkup(
    <IntlProvider locale={locale} messages={messagesFor(locale)} defaultLocale="en">
      {node}
    </IntlProvider>,
  );
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The stored thing, drawn in English and then in Arabic, reads each language's sentence for the refusal. */
function followsLanguage(node: () => ReactNode, error: AppError = REFUSAL): void {
  const english = describeError(error, formatsFor('en'));
  const arabic = describeError(error, formatsFor('ar'));
  expect(english).not.toBe(arabic);
  expect(shownIn('en', node())).toContain(english);
  const after = shownIn('ar', node());
  expect(after).toContain(arabic);
  expect(after).not.toContain(english);
}

const said = (value: Said | null | undefined) => {
  expect(value).toBeTruthy();
  return <SaidText said={value ?? ''} />;
};

describe('errors a store keeps are worded in the language shown when drawn', () => {
  beforeEach(() => {
    const bridge: Bridge = {
      invoke: async () => ({ ok: false, error: REFUSAL }),
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
  });

  afterEach(() => {
    setBridgeForTests(null);
    for (const store of [useCreditsStore, useVoicesStore, useTracksStore, useAboutStore, useProfilesStore, useToastStore])
      store.getState().reset();
    for (const store of [useSelectionStore, useBulkStore, useCollectionsStore, useCompareStore, useDetailStore]) store.getState().reset();
  });

  it('credits: the usage list and the spending charts keep their failed reads', async () => {
    await useCreditsStore.getState().reloadUsage();
    followsLanguage(() => said(useCreditsStore.getState().usageError));
    await useCreditsStore.getState().loadSpend();
    followsLanguage(() => said(useCreditsStore.getState().spendError));
    followsLanguage(() => said(useCreditsStore.getState().byCharacterError));
  });

  it('voices: the list and the clone form keep the error, and a notice of ours is worded when drawn', async () => {
    await useVoicesStore.getState().load();
    followsLanguage(() => said(useVoicesStore.getState().error));
    await useVoicesStore.getState().clone({ name: 'Nadia', model: 'voice-model-a', setup_mode: 'voice_design' } as never, null);
    followsLanguage(() => said(useVoicesStore.getState().cloneError));
    useVoicesStore.setState({ cloneNotice: { id: 'voices.create.ready', values: { name: 'Nadia' } } });
    const notice = () => said(useVoicesStore.getState().cloneNotice);
    expect(shownIn('en', notice())).toBe(formatsFor('en').text('voices.create.ready', { name: 'Nadia' }));
    expect(shownIn('ar', notice())).toBe(formatsFor('ar').text('voices.create.ready', { name: 'Nadia' }));
  });

  it('voices: a track’s saved and deleted notices are worded when drawn, the track’s name kept as given', async () => {
    const bridge: Bridge = {
      invoke: (async (command: string) =>
        command === 'library.export'
          ? { ok: true, value: { exported: 1, folder: '/home/nadia/Cast Studio', cancelled: false } }
          : { ok: true, value: { ok: true } }) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
    const [item] = libraryItems(0, 1);
    const track = { ...item!, id: 'track-1', title: 'Harbour line' };
    await useTracksStore.getState().download(track);
    const notice = () => said(useTracksStore.getState().notice);
    // The names are drawn in <bdi> elements, which the text here leaves out.
    const values = { title: 'Harbour line', folder: '/home/nadia/Cast Studio' };
    expect(shownIn('en', notice())).toBe(formatsFor('en').text('voices.tracks.savedTo', values));
    expect(shownIn('ar', notice())).toBe(formatsFor('ar').text('voices.tracks.savedTo', values));
    useTracksStore.getState().askDelete(track);
    await useTracksStore.getState().confirmDelete();
    expect(shownIn('ar', notice())).toBe(formatsFor('ar').text('voices.tracks.deleted', values));
  });

  it('settings: about, its folders and licences, and a profile card keep the error', async () => {
    await useAboutStore.getState().load();
    followsLanguage(() => said(useAboutStore.getState().error));
    await useAboutStore.getState().loadNotices();
    followsLanguage(() => said(useAboutStore.getState().noticesMissing));
    await useAboutStore.getState().openFolder('logs');
    followsLanguage(() => said(useAboutStore.getState().folderNote?.error));
    await useProfilesStore.getState().load();
    followsLanguage(() => said(useProfilesStore.getState().error));
    await useProfilesStore.getState().remove('p1');
    const notice = useProfilesStore.getState().notices.p1;
    followsLanguage(() => said(notice && 'error' in notice ? notice.error : null));
    const failed = await useProfilesStore
      .getState()
      .addAndUse({ name: 'Studio', baseUrl: 'https://a.example', cdnUrl: 'https://b.example' });
    expect(failed).toEqual(REFUSAL);
  });

  it('gallery: selection, bulk actions, collections, compare and the detail view keep the error', async () => {
    await useSelectionStore.getState().selectAllMatching();
    followsLanguage(() => said(useSelectionStore.getState().error));
    await useBulkStore.getState().setFavorite(['item-1'], true);
    followsLanguage(() => said(useBulkStore.getState().error));
    await useCollectionsStore.getState().load();
    followsLanguage(() => said(useCollectionsStore.getState().error));
    await useCompareStore.getState().compare(['item-1', 'item-2']);
    followsLanguage(() => said(useCompareStore.getState().error));
    const [item] = libraryItems(0, 1);
    useDetailStore.setState({ item: { ...item!, downloaded: false, status: 'completed' } });
    await useDetailStore.getState().fetchMedia();
    followsLanguage(() => said(useDetailStore.getState().fetchError));
  });

  it('gallery: a delete that failed for some items words their reason when drawn', async () => {
    const bridge: Bridge = {
      invoke: (async () => ({ ok: true, value: { deleted: 1, failed: [{ id: 'item-2', error: REFUSAL }] } })) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
    useBulkStore.getState().askDelete(['item-1', 'item-2']);
    await useBulkStore.getState().confirmDelete();
    followsLanguage(() => said(useBulkStore.getState().error));
  });

  it('toasts: an error toast still up (a drag whose media could not be fetched) is worded in the new language', async () => {
    const [item] = libraryItems(0, 1);
    startMediaDrag(
      { dataTransfer: {} as DataTransfer, preventDefault: () => undefined },
      { ...item!, downloaded: false, status: 'completed' },
      null,
    );
    await vi.waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    const [toast] = useToastStore.getState().toasts;
    expect(toast?.tone).toBe('error');
    expect(typeof toast?.message).toBe('object');
    followsLanguage(() => said(toast?.message as Said));
  });
});
