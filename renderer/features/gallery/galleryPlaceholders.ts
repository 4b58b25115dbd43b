import { GENERATION_DEFAULTS } from '../../../shared/api/limits.ts';
import type { Job, LibraryFilter } from '../../../shared/ipc/index.ts';
import { kindRatio, parseAspectRatio } from './itemShapes.ts';

/** A generation on its way that the gallery's view does not hold yet: a tile of its own at the top of Today. */
export type Placeholder = {
  job: Job;
  kind: 'image' | 'video' | 'talk';
  /** Width ÷ height the tile takes (the result keeps the same place when it lands). */
  ratio: number;
};

export type PlaceholderSources = {
  /** Jobs in flight, by id. */
  inFlight: Record<string, Job>;
  /** Jobs that finished while followed, by id (a failed one stays until dismissed). */
  finished: Record<string, Job>;
};

export type PlaceholderView = {
  filter: LibraryFilter;
  /** Whether the view already shows the item a job made (then its own tile follows the job). */
  holds: (itemId: string) => boolean;
  /** The character a collection stands for, or null for a collection of the creator's own. */
  collectionCharacter: (collectionId: string) => string | null;
  now: number;
};

/**
 * How long a finished job's placeholder waits for its item to reach the view: past it the item is
 * either shown or not of this view, and the placeholder goes.
 */
export const LANDING_GRACE_MS = 10_000;

/**
 * The placeholders of the gallery's current view, newest first. A job gets one while the view does
 * not hold its item yet (before the service takes it, and for the moment the item takes to arrive),
 * and only when no filter of the view would leave its item out: its kind, character, status and
 * date; favorites and the creator's own collections hold nothing new, and a search shows none.
 * Newest first only: sorted oldest first, new work belongs at the far end, out of sight.
 */
export function galleryPlaceholders(sources: PlaceholderSources, view: PlaceholderView): Placeholder[] {
  const { filter } = view;
  if (filter.search || filter.sort === 'oldest' || filter.favorites) return [];
  const collectionCharacter = filter.collectionId ? view.collectionCharacter(filter.collectionId) : undefined;
  if (collectionCharacter === null) return [];
  const byId = new Map<string, Job>();
  for (const job of Object.values(sources.finished)) if (waitsForItem(job, view)) byId.set(job.id, job);
  for (const job of Object.values(sources.inFlight)) if (!landed(job, view)) byId.set(job.id, job);
  const shown: Placeholder[] = [];
  for (const job of byId.values()) {
    const kind = job.kind === 'generation.create' ? job.generationType : null;
    if (!kind) continue;
    const character = collectionCharacter ?? filter.characterId;
    if (character && job.characterId !== character) continue;
    if (filter.kinds?.length && !filter.kinds.includes(kind)) continue;
    if (filter.statuses?.length && !filter.statuses.includes(itemStatusOf(job))) continue;
    if ((filter.from && job.createdAt < filter.from) || (filter.to && job.createdAt > filter.to)) continue;
    shown.push({ job, kind, ratio: placeholderRatio(kind, job.aspectRatio) });
  }
  return shown.sort((a, b) => (a.job.createdAt < b.job.createdAt ? 1 : a.job.createdAt > b.job.createdAt ? -1 : 0));
}

/**
 * The shape of a result before it exists: the aspect ratio its request asked for, else the
 * service's default for its kind (spec 4.2), which is what a request without one gets.
 */
export function placeholderRatio(kind: Placeholder['kind'], asked: string | null = null): number {
  const fallback = kind === 'image' ? GENERATION_DEFAULTS.imageAspectRatio : kind === 'video' ? GENERATION_DEFAULTS.videoAspectRatio : null;
  return parseAspectRatio(asked) ?? parseAspectRatio(fallback) ?? kindRatio(kind);
}

function landed(job: Job, view: PlaceholderView): boolean {
  return job.resourceId !== null && view.holds(job.resourceId);
}

/**
 * A finished job still worth a tile: done or failed after the service took it, for the moment its
 * item takes to arrive; failed before the service took it (there is no item), until dismissed.
 */
function waitsForItem(job: Job, view: PlaceholderView): boolean {
  if (job.state === 'failed' && job.resourceId === null) return true;
  if (job.state !== 'done' && job.state !== 'failed') return false;
  const since = view.now - Date.parse(job.updatedAt);
  return !landed(job, view) && !(since > LANDING_GRACE_MS);
}

/** The library status the job's item will have, for the status filter. */
function itemStatusOf(job: Job): string {
  if (job.state === 'done') return 'completed';
  if (job.state === 'failed') return 'failed';
  return job.state === 'processing' ? 'processing' : 'pending';
}
