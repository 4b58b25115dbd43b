import { join } from 'node:path';
import { CreditHistoryStore } from '../account/creditHistoryStore.ts';
import { AudioStore } from '../audio/audioStore.ts';
import { CdnSources, isLoopback } from '../downloads/cdnSources.ts';
import { MediaStore } from '../downloads/mediaStore.ts';
import { JobStore } from '../jobs/jobStore.ts';
import { CollectionStore } from '../library/collectionStore.ts';
import { LibraryDatabase } from '../library/libraryDatabase.ts';
import { LibraryHealth } from '../library/libraryHealth.ts';
import { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import { MIGRATIONS } from '../library/migrations/allMigrations.ts';
import { ResourceStore } from '../library/resourceStore.ts';
import { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';
import { VoiceStore } from '../voices/voiceStore.ts';
import type { SessionOptions } from './sessionOptions.ts';

/** What a session keeps in its profile's library file and media folder. */
export type SessionStores = {
  sources: CdnSources;
  library: LibraryDatabase;
  health: LibraryHealth;
  resources: ResourceStore;
  queries: LibraryQueryStore;
  jobs: JobStore;
  media: MediaStore;
  facts: ServiceFactsStore;
  collections: CollectionStore;
  creditHistory: CreditHistoryStore;
  voices: VoiceStore;
  audioTracks: AudioStore;
};

/** A session's first stage: the profile's library file and what is kept in it and beside it. */
export function openStores(options: SessionOptions): SessionStores {
  const { profile, emit } = options;
  const now = () => new Date(options.clock.now()).toISOString();
  // Download sources are kept relative to the CDN; the embedded sandbox's CDN was on loopback at
  // whatever port it had, so every loopback address of it is this CDN too.
  const sources = new CdnSources(profile.cdnUrl, profile.kind === 'sandbox' ? isLoopback : null);
  const library = LibraryDatabase.open(libraryFileOf(options.userDataDir, profile.id), MIGRATIONS, {
    cdnSource: (url) => sources.relative(url),
  });
  return {
    sources,
    library,
    health: new LibraryHealth((view) => emit('health.changed', view)),
    resources: new ResourceStore(library, now),
    queries: new LibraryQueryStore(library, (url) => sources.resolve(sources.toStored(url))),
    jobs: new JobStore(library, now),
    media: new MediaStore(join(options.userDataDir, 'media', safeName(profile.id)), library),
    facts: new ServiceFactsStore({
      library,
      profileId: profile.id,
      baseUrl: options.baseUrl,
      now,
      changed: (facts) => emit('service.learned', facts),
    }),
    collections: new CollectionStore(library, now),
    creditHistory: new CreditHistoryStore(library),
    voices: new VoiceStore(library),
    audioTracks: new AudioStore(library),
  };
}

/** The library file of a profile. */
export function libraryFileOf(userDataDir: string, profileId: string): string {
  return join(userDataDir, 'profiles', safeName(profileId), 'library.db');
}

function safeName(id: string): string {
  return id.replace(/[^a-zA-Z0-9-]/g, '_');
}
