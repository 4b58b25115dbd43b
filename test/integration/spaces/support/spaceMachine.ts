import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SceneLineInput } from '../../../../shared/ipc/scenes.ts';
import { CastVoiceStore } from '../../../../electron/core/cast/castVoiceStore.ts';
import { systemClock } from '../../../../electron/core/clock/clock.ts';
import { CollectionStore } from '../../../../electron/core/library/collectionStore.ts';
import { LibraryDatabase } from '../../../../electron/core/library/libraryDatabase.ts';
import type { Logger } from '../../../../electron/core/log/logger.ts';
import { SceneStore } from '../../../../electron/core/scenes/sceneStore.ts';
import { SpaceDocuments, type SpaceAnnouncer } from '../../../../electron/core/spaces/spaceDocuments.ts';
import type { SpaceLinkState, SpaceMembership } from '../../../../electron/core/spaces/spaceLink.ts';

/** How long a machine waits for a condition before the test fails saying what it waited for. */
const PATIENCE_MS = 30_000;

export type Announced =
  | { kind: 'scene' | 'sceneRemoved'; id: string }
  | { kind: 'items'; ids: string[] }
  | { kind: 'collections' }
  | { kind: 'castVoice'; id: string };

/**
 * One machine of a space: its own library file with today's migrations, the library's own stores
 * (what the commands write through) and a SpaceDocuments over them, in its own data folder.
 */
export class SpaceMachine {
  readonly library: LibraryDatabase;
  readonly scenes: SceneStore;
  readonly collections: CollectionStore;
  readonly cast: CastVoiceStore;
  readonly link: SpaceDocuments;
  readonly announced: Announced[] = [];
  readonly warnings: string[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(folder: string, library?: LibraryDatabase) {
    this.library = library ?? LibraryDatabase.open(path.join(folder, 'library.db'));
    const now = () => new Date().toISOString();
    this.scenes = new SceneStore(this.library);
    this.collections = new CollectionStore(this.library, now);
    this.cast = new CastVoiceStore(this.library);
    const log: Logger = {
      info: () => {},
      warn: (message) => this.warnings.push(message),
      error: (message) => this.warnings.push(message),
    };
    this.link = new SpaceDocuments({
      library: this.library,
      folder: path.join(folder, 'spaces'),
      clock: systemClock,
      log,
      announce: this.announcer(),
    });
    this.link.onStatus(() => this.wake());
  }

  open(membership: SpaceMembership): Promise<void> {
    return this.link.open(membership);
  }

  /** Resolves once `check` holds, looking again whenever the link announces something or its status changes. */
  until(what: string, check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const look = (): void => {
        if (!check()) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`Still waiting for ${what} (status ${JSON.stringify(this.link.status())}).`));
      }, PATIENCE_MS);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(look);
      };
      this.waiters.add(look);
    });
  }

  state(state: SpaceLinkState): Promise<void> {
    return this.until(`the link to be ${state}`, () => this.link.status().state === state);
  }

  /** Every change made here is on the server. */
  settled(): Promise<void> {
    return this.until('every change to be acknowledged', () => {
      const status = this.link.status();
      return status.state === 'synced' && status.pendingChanges === 0;
    });
  }

  newScene(title: string): string {
    const id = randomUUID();
    const at = new Date().toISOString();
    this.scenes.insert({ id, title, aspect: '16:9', quality: 'pro', collectionId: null, createdAt: at, updatedAt: at });
    return id;
  }

  /** A gallery item the library holds (what history sync would have mirrored). */
  addItem(id: string, createdAt = new Date().toISOString()): void {
    this.library.run(
      "INSERT INTO library_items (id, kind, status, title, created_at) VALUES (?, 'image', 'completed', ?, ?)",
      id,
      `Item ${id}`,
      createdAt,
    );
  }

  favourites(): string[] {
    return this.library.all<{ id: string }>('SELECT id FROM library_items WHERE favorite = 1 ORDER BY id').map((row) => row.id);
  }

  /** Collections by name, each with its item ids in order of id. */
  collectionContents(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const row of this.library.all<{ id: string; name: string }>('SELECT id, name FROM collections ORDER BY name')) {
      out[row.name] = this.library
        .all<{ item_id: string }>('SELECT item_id FROM collection_items WHERE collection_id = ? ORDER BY item_id', row.id)
        .map((item) => item.item_id);
    }
    return out;
  }

  async stop(): Promise<void> {
    await this.link.stop();
    this.library.close();
  }

  private announcer(): SpaceAnnouncer {
    const note = (entry: Announced): void => {
      this.announced.push(entry);
      this.wake();
    };
    return {
      scene: (id) => note({ kind: 'scene', id }),
      sceneRemoved: (id) => note({ kind: 'sceneRemoved', id }),
      items: (ids) => note({ kind: 'items', ids }),
      collections: () => note({ kind: 'collections' }),
      castVoice: (id) => note({ kind: 'castVoice', id }),
    };
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

export function line(text: string, fields: Partial<SceneLineInput> = {}): SceneLineInput {
  return {
    id: randomUUID(),
    kind: 'talk',
    characterId: 'char-mara',
    voiceId: null,
    text,
    emotion: null,
    talk: null,
    clipItemId: null,
    ...fields,
  };
}

/** The membership a join answer makes, for a server reached at `serverUrl`. */
export function membershipOf(
  serverUrl: string,
  joined: { spaceId: string; memberId: string; token: string },
  memberName: string,
): SpaceMembership {
  return { serverUrl, spaceId: joined.spaceId, spaceName: 'Film', memberId: joined.memberId, memberName, token: joined.token };
}
