import { describeError } from '../errors/errorMessages.ts';
import { useBulkStore } from '../features/gallery/bulkStore.ts';
import { useLibraryInfoStore } from '../features/settings/libraryInfoStore.ts';
import { useProfilesStore } from '../features/settings/profilesStore.ts';
import { useCharacterGenerationsStore } from '../features/studio/characterGenerationsStore.ts';
import { useAccountStore } from '../stores/accountStore.ts';
import { useAppInfoStore } from '../stores/appInfoStore.ts';
import { listen } from '../stores/bridgeClient.ts';
import { useCapabilitiesStore } from '../stores/capabilitiesStore.ts';
import { useCharactersStore } from '../stores/charactersStore.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { useJobsStore } from '../stores/jobsStore.ts';
import { useServiceFactsStore } from '../stores/serviceFactsStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { useToastStore } from '../stores/toastStore.ts';

/** Everything that belongs to the active connection; read again when the connection switches. */
function loadConnectionData(): void {
  void useAccountStore.getState().load();
  void useCharactersStore.getState().load();
  void useJobsStore.getState().load();
  void useCapabilitiesStore.getState().load();
  void useLibraryInfoStore.getState().loadHealth();
  void useServiceFactsStore.getState().load();
}

/**
 * Wires the bridge's events to the stores and makes the first reads. Returns the teardown.
 * `app.info` comes first: until the host has answered it, nothing else can work.
 */
export function startApp(): () => void {
  let activeProfileId: string | null | undefined;
  const unsubscribe = [
    listen('job.updated', (job) => {
      const jobs = useJobsStore.getState();
      const before = jobs.jobs[job.id];
      jobs.apply(job);
      if (job.state === 'failed' && before?.state !== 'failed' && job.error) {
        useToastStore.getState().show(`${job.title} failed: ${describeError(job.error)}`, 'error');
      }
    }),
    listen('character.updated', (character) => useCharactersStore.getState().apply(character)),
    listen('library.updated', (update) => useCharacterGenerationsStore.getState().applyUpdate(update)),
    listen('credits.changed', ({ balance }) => useAccountStore.getState().setBalance(balance)),
    listen('health.changed', (health) => useLibraryInfoStore.getState().applyHealth(health)),
    listen('service.learned', (facts) => useServiceFactsStore.getState().apply(facts)),
    listen('export.progress', (progress) => useBulkStore.getState().applyExportProgress(progress)),
    listen('connection.changed', (connection) => {
      useConnectionStore.getState().apply(connection);
      useProfilesStore.getState().applyConnection(connection);
      const id = connection.profile?.id ?? null;
      if (activeProfileId !== undefined && id !== activeProfileId) loadConnectionData();
      activeProfileId = id;
    }),
  ];

  void (async () => {
    await useAppInfoStore.getState().load();
    if (!useAppInfoStore.getState().info) return;
    await useConnectionStore.getState().load();
    activeProfileId = useConnectionStore.getState().connection?.profile?.id ?? null;
    void useSettingsStore.getState().load();
    loadConnectionData();
  })();

  return () => {
    for (const stop of unsubscribe) stop();
  };
}
