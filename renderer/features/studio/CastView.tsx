import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SHORTCUT_HINT } from '../../app/useShortcuts.ts';
import { filterCharacters, useCharactersStore } from '../../stores/charactersStore.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PlusIcon, SearchIcon, StudioIcon } from '../../ui/icons.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CharacterCard } from './CharacterCard.tsx';
import { CreateCharacterDialog } from './CreateCharacterDialog.tsx';
import { useStudioStore } from './studioStore.ts';
import { formatCount, formatCountOf } from '../../ui/format.ts';

/** The cast: every character as a card with its headshot and status, searchable by name. */
export function CastView() {
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
    <section className="screen" aria-labelledby="studio-title">
      <header className="screen-header">
        <div>
          <h1 id="studio-title" className="screen-title">
            Your cast
          </h1>
          <p className="screen-subtitle">{loaded ? formatCountOf(total, 'character') : 'Loading…'}</p>
        </div>
        <div className="screen-actions">
          {total > 0 ? (
            <div className="search-box">
              <SearchIcon />
              <label htmlFor="cast-search" className="visually-hidden">
                Search characters by name
              </label>
              <input
                id="cast-search"
                ref={searchRef}
                type="search"
                className="input search-input"
                placeholder="Search by name  /"
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
            icon={<PlusIcon />}
            onClick={openCreate}
            title={`New character (${SHORTCUT_HINT}+N)`}
            data-action="new-character"
          >
            New character
          </Button>
        </div>
      </header>

      <InlineError error={error} />

      {!loaded ? (
        <div className="loading-row">
          <Spinner label="Loading characters" />
        </div>
      ) : total === 0 ? (
        <EmptyState
          icon={<StudioIcon />}
          title="Your cast is empty"
          action={
            <Button variant="primary" icon={<PlusIcon />} onClick={openCreate}>
              Create your first character
            </Button>
          }
        >
          A character is a reusable identity: describe them once, then make images, video and talking clips of them.
        </EmptyState>
      ) : shown.length === 0 ? (
        <p className="muted" role="status">
          No character’s name contains “{search.trim()}”.
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {search.trim() ? `${formatCount(shown.length)} of ${formatCountOf(total, 'character')} shown` : ''}
          </p>
          <ul className="cast-grid" aria-label="Characters">
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
