import { Mic, PenLine, Plus, Search, Sparkles, Users } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
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
import { formatCount, formatCountOf } from '../../ui/format.ts';

const FIRST_RUN_STEPS = [
  { icon: PenLine, text: 'Describe them once' },
  { icon: Sparkles, text: 'Make images and video of them' },
  { icon: Mic, text: 'Give them a voice' },
] as const;

/** What a character is for, in three steps shaped like the cards to come, on an empty cast. */
function FirstRunHint() {
  return (
    <ol className="cast-first-run" aria-label="How a character works">
      {FIRST_RUN_STEPS.map(({ icon: Icon, text }) => (
        <li key={text}>
          <Icon size={26} aria-hidden="true" />
          <span>{text}</span>
        </li>
      ))}
    </ol>
  );
}

/** The cast: every character as a portrait card, searchable by name. */
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
    <section className="screen cast-screen" aria-labelledby="studio-title">
      <header className="screen-header">
        <div>
          <h1 id="studio-title" className="screen-title">
            Your cast
          </h1>
          {loaded && total === 0 ? null : <p className="screen-subtitle">{loaded ? formatCountOf(total, 'character') : 'Loading…'}</p>}
        </div>
        <div className="screen-actions">
          {total > 0 ? (
            <div className="search-box">
              <Search size={16} aria-hidden="true" />
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
            icon={<Plus size={18} aria-hidden="true" />}
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
          icon={<Users size={28} aria-hidden="true" />}
          title="Your cast is empty"
          action={
            <Button variant="primary" icon={<Plus size={18} aria-hidden="true" />} onClick={openCreate}>
              Create your first character
            </Button>
          }
        >
          <FirstRunHint />
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
