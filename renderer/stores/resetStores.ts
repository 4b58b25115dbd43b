import { useAccountStore } from './accountStore.ts';
import { useAppInfoStore } from './appInfoStore.ts';
import { useCapabilitiesStore } from './capabilitiesStore.ts';
import { useCharactersStore } from './charactersStore.ts';
import { useConnectionStore } from './connectionStore.ts';
import { useHandoffStore } from './handoffStore.ts';
import { useJobsStore } from './jobsStore.ts';
import { useNavigationStore } from './navigationStore.ts';
import { useSettingsStore } from './settingsStore.ts';
import { useToastStore } from './toastStore.ts';

const resets: (() => void)[] = [];

/** Feature stores register their reset here so one call clears everything between tests. */
export function registerStoreReset(reset: () => void): void {
  resets.push(reset);
}

export function resetAllStores(): void {
  for (const store of [
    useAccountStore,
    useAppInfoStore,
    useCapabilitiesStore,
    useCharactersStore,
    useConnectionStore,
    useHandoffStore,
    useJobsStore,
    useNavigationStore,
    useSettingsStore,
    useToastStore,
  ]) {
    store.getState().reset();
  }
  for (const reset of resets) reset();
}
