import { create } from 'zustand';
import type { AppError, UpdateStatus } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { registerStoreReset } from './resetStores.ts';
import { currentFormats } from '../i18n/currentLocale.ts';

type UpdatesStore = {
  /** Where the desktop app's updates stand; `updates.changed` follows it. */
  status: UpdateStatus | null;
  error: AppError | null;
  load: () => Promise<void>;
  check: () => Promise<void>;
  /** Restart into the downloaded update: at once, or once the paid requests being sent are sent. */
  install: () => Promise<void>;
  cancelInstall: () => Promise<void>;
  /** updates.changed */
  apply: (status: UpdateStatus) => void;
  reset: () => void;
};

type UpdateCommand = 'updates.get' | 'updates.check' | 'updates.install' | 'updates.cancelInstall';

export const useUpdatesStore = create<UpdatesStore>()((set) => {
  const run = async (command: UpdateCommand) => {
    const reply = await invoke(command, {});
    if (reply.ok) set({ status: reply.value, error: null });
    else set({ error: reply.error });
  };
  return {
    status: null,
    error: null,
    load: () => run('updates.get'),
    check: () => run('updates.check'),
    install: () => run('updates.install'),
    cancelInstall: () => run('updates.cancelInstall'),
    apply: (status) => set({ status }),
    reset: () => set({ status: null, error: null }),
  };
});

registerStoreReset(() => useUpdatesStore.getState().reset());

/** What a restart that waits says: it happens once the paid requests being sent are sent. */
export function waitingWords(jobs: number): string {
  return currentFormats().text('updates.waiting', { jobs });
}
