import { Mic, PenLine, Plus, Search, Sparkles, Users } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { SHORTCUT_HINT } from '../../app/useShortcuts.ts';
import { filterCharacters, useCharactersStore } from '../../stores/charactersStore.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CharacterCard } from './CharacterCard.tsx';
import { CreateCharacterDialog } from './CreateCharacterDialog.tsx';
import { useStudioStore } from './studioStore.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

const FIRST_RUN_STEPS = [
  { icon: PenLine, text: 'studio.firstRun.describe' },
  { icon: Sparkles, text: 'studio.firstRun.make' },
  { icon: Mic, text: 'studio.firstRun.voice' },
] as const satisfies readonly { icon: unknown; text: MessageId }[];

/** What a character is for, in three steps shaped like the cards to come, on an empty cast. */
function FirstRunHint() {
  const intl = useIntl();
  return (
    <ol className="cast-first-run" aria-label={intl.formatMessage({ id: 'studio.firstRun.label' })}>
      {FIRST_RUN_STEPS.map(({ icon: Icon, text }) => (
        <li key={text}>
          <Icon size={26} aria-hidden="true" />
          <span>{intl.formatMessage({ id: text })}</span>
        </li>
      ))}
    </ol>
  );
}

/** The cast: every character as a portrait card, searchable by name. */
export function CastView() {
  const intl = useIntl();
  const { byId, order, loaded, error } = useCharactersStore(
    useShallow((s) => ({ byId: s.byId, order: s.order, loaded: s.loaded, error: s.error })),
  );
  const { search, setSearch, openCreate, focusRequest } = useStudioStore(
    useShallow((s) => ({ search: s.search, setSearch: s.setSearch, openCreate: s.openCreate, focusRequest: s.searchFocusRequest })),
  );
  const searchRef = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => filterCharacters(byId, order, search), [byId, order, search]);
  const total = order.length;

  useEffect(() => {
    if (focusRequest > 0) searchRef.current?.focus();
  }, [focusRequest]);

  return (
    <section className="screen cast-screen" aria-labelledby="studio-title">
      <header className="screen-header">
        <div>
          <h1 id="studio-title" className="screen-title">
            {intl.formatMessage({ id: 'studio.cast.title' })}
          </h1>
          {loaded && total === 0 ? null : (
            <p className="screen-subtitle">
              {loaded
                ? intl.formatMessage({ id: 'studio.cast.count' }, { count: total })
                : intl.formatMessage({ id: 'studio.cast.loading' })}
            </p>
          )}
        </div>
        <div className="screen-actions">
          {total > 0 ? (
            <div className="search-box">
              <Search size={16} aria-hidden="true" />
              <label htmlFor="cast-search" className="visually-hidden">
                {intl.formatMessage({ id: 'studio.cast.search.label' })}
              </label>
              <input
                id="cast-search"
                ref={searchRef}
                type="search"
                className="input search-input"
                placeholder={intl.formatMessage({ id: 'studio.cast.search.placeholder' })}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && search) {
                    event.preventDefault();
                    setSearch('');
                  }
                }}
              />
            </div>
          ) : null}
          <Button
            variant="primary"
            icon={<Plus size={18} aria-hidden="true" />}
            onClick={openCreate}
            title={intl.formatMessage({ id: 'studio.cast.new.shortcut' }, { shortcut: SHORTCUT_HINT })}
            data-action="new-character"
          >
            {intl.formatMessage({ id: 'studio.cast.new' })}
          </Button>
        </div>
      </header>

      <InlineError error={error} />

      {!loaded ? (
        <div className="loading-row">
          <Spinner label={intl.formatMessage({ id: 'studio.cast.loadingLabel' })} />
        </div>
      ) : total === 0 ? (
        <EmptyState
          icon={<Users size={28} aria-hidden="true" />}
          title={intl.formatMessage({ id: 'studio.cast.empty' })}
          action={
            <Button variant="primary" icon={<Plus size={18} aria-hidden="true" />} onClick={openCreate}>
              {intl.formatMessage({ id: 'studio.cast.createFirst' })}
            </Button>
          }
        >
          <FirstRunHint />
        </EmptyState>
      ) : shown.length === 0 ? (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'studio.cast.noMatch' }, { search: <bdi key="search">{search.trim()}</bdi> })}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {search.trim() ? intl.formatMessage({ id: 'studio.cast.shown' }, { shown: shown.length, total }) : ''}
          </p>
          <ul className="cast-grid" aria-label={intl.formatMessage({ id: 'studio.cast.list' })}>
            {shown.map((character) => (
              <li key={character.id}>
                <CharacterCard character={character} />
              </li>
            ))}
          </ul>
        </>
      )}
      <CreateCharacterDialog />
    </section>
  );
}
