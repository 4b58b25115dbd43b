import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, CharacterView } from '../../../shared/ipc/index.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { RegenerateDialog } from './RegenerateDialog.tsx';

export type OpenDialog = 'regenerate' | 'revert' | 'delete' | null;

/** The character page's dialogs: regenerate, and the confirmations to revert and to delete. */
export function CharacterDialogs({ character, dialog, onClose }: { character: CharacterView; dialog: OpenDialog; onClose: () => void }) {
  const { revert, remove } = useCharactersStore(useShallow((s) => ({ revert: s.revert, remove: s.remove })));
  const closeCharacter = useNavigationStore((s) => s.closeCharacter);
  const showToast = useToastStore((s) => s.show);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<AppError | null>(null);

  const closeDialog = () => {
    onClose();
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

  return (
    <>
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
    </>
  );
}
