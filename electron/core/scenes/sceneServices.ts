import type { LineTextEdit } from '../../../shared/ipc/scenes.ts';
import type { CreditsBook } from '../account/creditsBook.ts';
import type { ApiClient } from '../api/apiClient.ts';
import { CastVoiceStore } from '../cast/castVoiceStore.ts';
import type { Downloader } from '../downloads/downloader.ts';
import type { MediaStore } from '../downloads/mediaStore.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { JobStore } from '../jobs/jobStore.ts';
import type { PricingServices } from '../jobs/pricing.ts';
import type { CollectionStore } from '../library/collectionStore.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { ClaimRoom } from '../spaces/lineClaims.ts';
import type { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';
import { SceneRenderStore } from './sceneRenderStore.ts';
import { SceneStore } from './sceneStore.ts';

/**
 * What scenes use of the space link: typing into a line's shared text, where the editor is, and
 * where lines are claimed before they are paid (no open space: a null room, rendering as ever).
 */
export type SceneSpaceLink = {
  /** The line's text after the edit, or null when the scene is not in an open space (the library takes the edit). */
  editLineText(edit: LineTextEdit): string | null;
  presence: { enter(sceneId: string | null, lineId: string | null): void };
  claimRoom(sceneId: string): ClaimRoom | null;
  /** Calls `listener` with a scene's id whenever another machine's line claims in it change. */
  onClaims(listener: (sceneId: string) => void): () => void;
};

/** What scenes use of the active connection (a Session has all of it). */
export type SceneServices = PricingServices & {
  library: LibraryDatabase;
  api: Pick<ApiClient, 'createQuote' | 'quote' | 'upload'>;
  facts: Pick<ServiceFactsStore, 'uploads' | 'uploadPath'>;
  queries: Pick<LibraryQueryStore, 'item' | 'character'>;
  jobs: Pick<JobStore, 'get'>;
  queue: Pick<JobQueue, 'enqueue' | 'retry' | 'cancel' | 'estimates' | 'pendingCredits'>;
  credits: Pick<CreditsBook, 'balance'>;
  collections: Pick<CollectionStore, 'create' | 'exists' | 'addItems'>;
  media: Pick<MediaStore, 'resolve'>;
  downloader: Downloader;
  /** A short fingerprint of the API key in use (never the key): claimed lines' idempotency keys are made with it. */
  keyFingerprint?: () => string | null;
  /** Resolves when a history pass that began at or after `at` has completed. */
  historyPassSince?: (at: number) => Promise<void>;
  /** History is listed soon (another machine's result is on the service). */
  syncSoon?: () => void;
  spaceLink: SceneSpaceLink;
};

type SceneStores = { scenes: SceneStore; renders: SceneRenderStore; cast: CastVoiceStore };

/** A connection's services with the scene stores over its library. */
export type SceneParts = SceneStores & { services: SceneServices };

const stores = new WeakMap<LibraryDatabase, SceneStores>();

/** The scene stores of this connection's library, made once per library file. */
export function sceneParts(services: SceneServices): SceneParts {
  let own = stores.get(services.library);
  if (!own) {
    own = {
      scenes: new SceneStore(services.library),
      renders: new SceneRenderStore(services.library),
      cast: new CastVoiceStore(services.library),
    };
    stores.set(services.library, own);
  }
  return { ...own, services };
}
