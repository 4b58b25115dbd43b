import { useState } from 'react';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
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
    showToast(intl.formatMessage({ id: 'studio.revert.done' }, { name: character.name }), 'success');
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
    showToast(intl.formatMessage({ id: 'studio.delete.done' }, { name: character.name }), 'info');
  };

  return (
    <>
      <RegenerateDialog open={dialog === 'regenerate'} onClose={closeDialog} characterName={character.name} />
      <ConfirmDialog
        open={dialog === 'revert'}
        onClose={closeDialog}
        onConfirm={() => void runRevert()}
        title={intl.formatMessage({ id: 'studio.revert.title' }, { name: character.name })}
        confirmLabel={intl.formatMessage({ id: 'studio.revert.confirm' })}
        busy={busy}
        error={actionError}
        name="revert"
      >
        <p>{intl.formatMessage({ id: 'studio.revert.text' }, { version: Math.max(1, character.version - 1) })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={closeDialog}
        onConfirm={() => void runDelete()}
        title={intl.formatMessage({ id: 'studio.delete.title' }, { name: character.name })}
        confirmLabel={intl.formatMessage({ id: 'studio.delete.confirm' })}
        danger
        busy={busy}
        error={actionError}
        name="delete"
      >
        <p>{intl.formatMessage({ id: 'studio.delete.text' })}</p>
      </ConfirmDialog>
    </>
  );
}
