import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppError } from '../../../shared/ipc/index.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { BackIcon } from '../../ui/icons.tsx';
import { InlineError } from '../../ui/InlineError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { WorkStatus } from '../../ui/WorkStatus.tsx';
import { GeneratePanel } from '../generate/GeneratePanel.tsx';
import { CastVoicePicker } from '../scenes/CastVoicePicker.tsx';
import { CharacterGenerations } from './CharacterGenerations.tsx';
import { CharacterPortraits } from './CharacterPortraits.tsx';
import { CharacterTraits } from './CharacterTraits.tsx';
import { CharacterVersions } from './CharacterVersions.tsx';
import { RegenerateDialog } from './RegenerateDialog.tsx';
import { useRegenerateStore } from './regenerateStore.ts';

type OpenDialog = 'regenerate' | 'revert' | 'delete' | null;

/** One character: portraits, traits, versions, what was made of them, and the generate panel. */
export function CharacterPage({ characterId }: { characterId: string }) {
  const { character, fetchOne, revert, remove } = useCharactersStore(
    useShallow((s) => ({ character: s.byId[characterId], fetchOne: s.fetchOne, revert: s.revert, remove: s.remove })),
  );
  const closeCharacter = useNavigationStore((s) => s.closeCharacter);
  const openRegenerate = useRegenerateStore((s) => s.open);
  const showToast = useToastStore((s) => s.show);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<AppError | null>(null);
  const [loadError, setLoadError] = useState<AppError | null>(null);

  useEffect(() => {
    void fetchOne(characterId).then(setLoadError);
  }, [characterId, fetchOne]);

  if (!character) {
    return (
      <section className="screen" aria-labelledby="character-title">
        <div className="screen-header">
          <Button variant="ghost" icon={<BackIcon />} onClick={closeCharacter}>
            Cast
          </Button>
        </div>
        <h1 id="character-title" className="visually-hidden">
          Character
        </h1>
        {loadError ? (
          <EmptyState title="This character is not here">{<InlineError error={loadError} />}</EmptyState>
        ) : (
          <Spinner label="Loading the character" />
        )}
      </section>
    );
  }

  const closeDialog = () => {
    setDialog(null);
    setActionError(null);
  };

  const runRevert = async () => {
    setBusy(true);
    const result = await revert(character.id);
    setBusy(false);
    if ('error' in result) {
      setActionError(result.error);
      return;
    }
    closeDialog();
    showToast(`${character.name} is going back to the previous version.`, 'success');
  };

  const runDelete = async () => {
    setBusy(true);
    const error = await remove(character.id);
    setBusy(false);
    if (error) {
      setActionError(error);
      return;
    }
    closeDialog();
    closeCharacter();
    showToast(`${character.name} was deleted.`, 'info');
  };

  const ready = character.status === 'ready';

  return (
    <section
      className="screen character-page"
      aria-labelledby="character-title"
      data-character-id={character.id}
      data-status={character.status}
      data-version={character.version}
      data-can-revert={character.canRevert}
    >
      <header className="screen-header">
        <div className="character-heading">
          <Button variant="ghost" size="sm" icon={<BackIcon />} onClick={closeCharacter} aria-label="Back to the cast">
            Cast
          </Button>
          <h1 id="character-title" className="screen-title">
            {character.name}
          </h1>
          <WorkStatus
            status={character.status}
            label={character.status === 'failed' ? 'Making the portraits failed' : 'Making the portraits'}
          />
          <span className="muted">Version {character.version}</span>
        </div>
        <div className="screen-actions">
          <Button
            variant="secondary"
            disabled={!ready}
            title={ready ? undefined : 'A character can be regenerated once it is ready.'}
            onClick={() => {
              openRegenerate(character.id);
              setDialog('regenerate');
            }}
            data-action="regenerate"
          >
            Regenerate…
          </Button>
          {character.canRevert ? (
            <Button variant="secondary" onClick={() => setDialog('revert')} data-action="revert">
              Revert…
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setDialog('delete')} data-action="delete">
            Delete…
          </Button>
        </div>
      </header>

      {character.status === 'failed' && character.errorMessage ? (
        <InlineError error={`Making the portraits failed: ${character.errorMessage}`} />
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
        <aside className="character-aside" aria-label="Generate">
          <GeneratePanel character={character} />
        </aside>
      </div>

      <RegenerateDialog open={dialog === 'regenerate'} onClose={closeDialog} characterName={character.name} />
      <ConfirmDialog
        open={dialog === 'revert'}
        onClose={closeDialog}
        onConfirm={() => void runRevert()}
        title={`Revert ${character.name}?`}
        confirmLabel="Revert to the previous version"
        busy={busy}
        error={actionError}
        name="revert"
      >
        <p>
          The portraits go back to version {Math.max(1, character.version - 1)}. Any refund the service owes for the replaced version is
          credited once.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={closeDialog}
        onConfirm={() => void runDelete()}
        title={`Delete ${character.name}?`}
        confirmLabel="Delete character"
        danger
        busy={busy}
        error={actionError}
        name="delete"
      >
        <p>The character is deleted from the service. Images and clips already in your library stay there. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
