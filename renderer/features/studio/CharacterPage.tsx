import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, CharacterView } from '../../../shared/ipc/index.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { BackIcon } from '../../ui/icons.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { WorkStatus } from '../../ui/WorkStatus.tsx';
import { GeneratePanel } from '../generate/GeneratePanel.tsx';
import { CastVoicePicker } from '../scenes/CastVoicePicker.tsx';
import { CharacterDialogs, type OpenDialog } from './CharacterDialogs.tsx';
import { CharacterGenerations } from './CharacterGenerations.tsx';
import { CharacterPortraits } from './CharacterPortraits.tsx';
import { CharacterTraits } from './CharacterTraits.tsx';
import { CharacterVersions } from './CharacterVersions.tsx';
import { useRegenerateStore } from './regenerateStore.ts';

/** One character: portraits, traits, versions, what was made of them, and the generate panel. */
export function CharacterPage({ characterId }: { characterId: string }) {
  const intl = useIntl();
  const { character, fetchOne } = useCharactersStore(useShallow((s) => ({ character: s.byId[characterId], fetchOne: s.fetchOne })));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [loadError, setLoadError] = useState<AppError | null>(null);

  useEffect(() => {
    void fetchOne(characterId).then(setLoadError);
  }, [characterId, fetchOne]);

  if (!character) return <CharacterMissing loadError={loadError} />;

  return (
    <section
      className="screen character-page"
      aria-labelledby="character-title"
      data-character-id={character.id}
      data-status={character.status}
      data-version={character.version}
      data-can-revert={character.canRevert}
    >
      <CharacterHeader character={character} onOpen={setDialog} />

      {character.status === 'failed' && character.errorMessage ? (
        <InlineError error={intl.formatMessage({ id: 'studio.character.failed' }, { reason: character.errorMessage })} />
      ) : null}

      <div className="character-layout">
        <div className="character-main">
          <CharacterPortraits character={character} />
          {/* What was just made comes first, newest at the top, near the panel that made it. */}
          <CharacterGenerations characterId={character.id} />
          <CastVoicePicker characterId={character.id} characterName={character.name} />
          <div className="character-details">
            <CharacterTraits character={character} />
            <CharacterVersions character={character} />
          </div>
        </div>
        <aside className="character-aside" aria-label={intl.formatMessage({ id: 'generate.title' })}>
          <GeneratePanel character={character} />
        </aside>
      </div>

      <CharacterDialogs character={character} dialog={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}

/** While the character loads, or once the service says it is not there. */
function CharacterMissing({ loadError }: { loadError: AppError | null }) {
  const intl = useIntl();
  const closeCharacter = useNavigationStore((s) => s.closeCharacter);
  return (
    <section className="screen" aria-labelledby="character-title">
      <div className="screen-header">
        <Button variant="ghost" icon={<BackIcon />} onClick={closeCharacter}>
          {intl.formatMessage({ id: 'studio.character.back' })}
        </Button>
      </div>
      <h1 id="character-title" className="visually-hidden">
        {intl.formatMessage({ id: 'studio.character.heading' })}
      </h1>
      {loadError ? (
        <EmptyState title={intl.formatMessage({ id: 'studio.character.missing' })}>{<InlineError error={loadError} />}</EmptyState>
      ) : (
        <Spinner label={intl.formatMessage({ id: 'studio.character.loading' })} />
      )}
    </section>
  );
}

/** The way back, the character's name, state and version, and what can be done to it. */
function CharacterHeader({ character, onOpen }: { character: CharacterView; onOpen: (dialog: OpenDialog) => void }) {
  const intl = useIntl();
  const closeCharacter = useNavigationStore((s) => s.closeCharacter);
  const openRegenerate = useRegenerateStore((s) => s.open);
  const ready = character.status === 'ready';
  return (
    <header className="screen-header">
      <div className="character-heading">
        <Button
          variant="ghost"
          size="sm"
          icon={<BackIcon />}
          onClick={closeCharacter}
          aria-label={intl.formatMessage({ id: 'studio.character.backLabel' })}
        >
          {intl.formatMessage({ id: 'studio.character.back' })}
        </Button>
        <h1 id="character-title" className="screen-title">
          <bdi>{character.name}</bdi>
        </h1>
        <WorkStatus
          status={character.status}
          label={intl.formatMessage({ id: 'studio.character.portraits' }, { failed: String(character.status === 'failed') })}
        />
        <span className="muted">{intl.formatMessage({ id: 'studio.version' }, { version: character.version })}</span>
      </div>
      <div className="screen-actions">
        <Button
          variant="secondary"
          disabled={!ready}
          title={ready ? undefined : intl.formatMessage({ id: 'studio.character.regenerateLater' })}
          onClick={() => {
            openRegenerate(character.id);
            onOpen('regenerate');
          }}
          data-action="regenerate"
        >
          {intl.formatMessage({ id: 'studio.character.regenerate' })}
        </Button>
        {character.canRevert ? (
          <Button variant="secondary" onClick={() => onOpen('revert')} data-action="revert">
            {intl.formatMessage({ id: 'studio.character.revert' })}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onOpen('delete')} data-action="delete">
          {intl.formatMessage({ id: 'studio.character.delete' })}
        </Button>
      </div>
    </header>
  );
}
