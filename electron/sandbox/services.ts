import type { Db } from './db/database.ts';
import type { FaultState } from './faults.ts';
import type { KeyedMutex } from './keyedMutex.ts';
import type { MediaRenderer } from './media/mediaRenderer.ts';
import type { CdnStore } from './cdnStore.ts';
import type { PresetPreviews } from './voicePreviews.ts';
import type { VariantSet } from './variants/variantSet.ts';

export type Speed = 'fast' | 'realtime';

/** Everything a handler or the scheduler needs, passed in (docs/ARCHITECTURE.md, "How the code reads"), built once in sandbox.ts. */
export type Services = {
  db: Db;
  now: () => Date;
  /** Moves `now` forward (the admin clock, for tests). */
  advanceClock: (ms: number) => void;
  baseUrl: string;
  cdnUrl: string;
  /** The storage origin's address for files (`cdn-redirect`), else null. */
  storageUrl: string | null;
  speed: Speed;
  faults: FaultState;
  locks: KeyedMutex;
  cdn: CdnStore;
  renderer: MediaRenderer;
  /** The system presets' spoken previews, rendered in the background. */
  presetPreviews: PresetPreviews;
  /** Wakes the job scheduler after a commit that queued work. */
  nudge: () => void;
  /** HMAC secret that makes list cursors opaque and tamper-evident. */
  cursorSecret: Buffer;
  log: (message: string) => void;
  /** The service variants this process answers with (none by default). */
  variants: VariantSet;
};
