import type { LibraryItem, LibraryKind } from '../../../shared/ipc/index.ts';
import { currentLocale } from '../../i18n/currentLocale.ts';
import type { Locale } from '../../i18n/locales.ts';
import { DateGrouper, type DateGroup } from './dateGroups.ts';

/**
 * Items per `library.query` page; the grid asks for the pages its rows cover. A filter or search
 * waits for its first page, so the page is about three screens of tiles: at 200 the answer (and
 * its JSON) was twice the size for the same first paint, and the p95 from a filter change to the
 * painted result was about 10 ms longer at 100,000 items.
 */
export const PAGE_SIZE = 100;

/** The shape a tile takes before anything better is known about its item. */
const KIND_RATIO: Record<LibraryKind, number> = {
  image: 1,
  character_create: 3 / 4,
  video: 16 / 9,
  talk: 9 / 16,
  // Wide enough for a readable waveform.
  audio: 2,
};

/** The shape a tile of this kind takes while nothing else says it (a placeholder's, say). */
export function kindRatio(kind: LibraryKind): number {
  return KIND_RATIO[kind];
}

/** Thumbnails' real sizes as they load, by item id: the shape of an item whose options do not say it. */
const natural = new Map<string, number>();
const NATURAL_MAX = 20_000;

/** `"16:9"` → 16/9; null for anything else. */
export function parseAspectRatio(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return null;
  const ratio = Number(match[1]) / Number(match[2]);
  return Number.isFinite(ratio) && ratio > 0 ? ratio : null;
}

/** An item's width ÷ height: its options' aspect ratio, else its thumbnail's real size, else its kind's. */
export function ratioOf(item: Pick<LibraryItem, 'id' | 'kind' | 'options'>): number {
  return parseAspectRatio(item.options['aspect_ratio']) ?? natural.get(item.id) ?? KIND_RATIO[item.kind];
}

/**
 * Remembers a loaded thumbnail's real size. Answers whether the item's shape changed (the layout
 * then needs another pass); an item whose options name its ratio keeps that one.
 */
export function rememberNaturalSize(item: Pick<LibraryItem, 'id' | 'kind' | 'options'>, width: number, height: number): boolean {
  if (width <= 0 || height <= 0 || parseAspectRatio(item.options['aspect_ratio']) !== null) return false;
  const ratio = width / height;
  const before = ratioOf(item);
  natural.set(item.id, ratio);
  if (natural.size > NATURAL_MAX) natural.delete(natural.keys().next().value as string);
  return Math.abs(before - ratio) / before > 0.01;
}

/**
 * One grouper while the day and the language last: the days it has worked out are kept from one
 * result set to the next.
 */
let sharedGrouper: DateGrouper | null = null;
function grouperOf(now: Date, locale: Locale): DateGrouper {
  if (!sharedGrouper?.isToday(now) || sharedGrouper.locale !== locale) sharedGrouper = new DateGrouper(now, undefined, locale);
  return sharedGrouper;
}

/**
 * What the layout needs of every item of one result set, by index: its ratio and its date group.
 * Filled from pages as they arrive and kept when the pages are dropped again, so rows already
 * passed keep their shape; an item not seen yet counts as a square in the group before it.
 *
 * A result set is made for every filter change, so it costs two typed arrays and nothing per item
 * until its page arrives: groups are kept as numbers into a short list (a plain array of 100,000
 * slots is a dictionary in V8, slow to fill and to read).
 */
export class ItemShapes {
  private readonly ratios: Float32Array;
  /** Each item's group as 1 + its place in `groupList`; 0 while the item is not seen. */
  private readonly groupIds: Uint16Array;
  private readonly groupList: DateGroup[] = [];
  private readonly groupIdOf = new Map<string, number>();
  private readonly seen = new WeakSet<readonly LibraryItem[]>();
  private readonly grouper: DateGrouper;
  readonly count: number;

  constructor(count: number, now = new Date(), locale: Locale = currentLocale()) {
    this.count = count;
    this.ratios = new Float32Array(count);
    this.groupIds = new Uint16Array(count);
    this.grouper = grouperOf(now, locale);
  }

  /** Bumped whenever a shape or a date changes. */
  version = 0;
  /** One past the last item seen: the layout treats the items from here on as alike. */
  knownEnd = 0;

  /** Takes in the pages not taken yet; answers the version after them (it moves when anything changed). */
  fill(pages: Readonly<Record<number, readonly LibraryItem[]>>): number {
    for (const [key, items] of Object.entries(pages)) {
      if (this.seen.has(items)) continue;
      this.seen.add(items);
      const offset = Number(key) * PAGE_SIZE;
      items.forEach((item, at) => {
        if (offset + at < this.count) this.take(offset + at, item);
      });
    }
    return this.version;
  }

  /** Reads one item again (its thumbnail's real size became known). */
  take(index: number, item: LibraryItem): boolean {
    const ratio = ratioOf(item);
    const group = this.idOf(this.grouper.groupOf(item.createdAt));
    const changed = Math.abs((this.ratios[index] ?? 0) - ratio) > 1e-4 || this.groupIds[index] !== group;
    this.ratios[index] = ratio;
    this.groupIds[index] = group;
    this.knownEnd = Math.max(this.knownEnd, index + 1);
    if (changed) this.version += 1;
    return changed;
  }

  ratioAt = (index: number): number => this.ratios[index] || 1;
  groupAt = (index: number): DateGroup | null => this.groupList[(this.groupIds[index] ?? 0) - 1] ?? null;

  private idOf(group: DateGroup): number {
    let id = this.groupIdOf.get(group.key);
    if (id === undefined) {
      this.groupList.push(group);
      id = this.groupList.length;
      this.groupIdOf.set(group.key, id);
    }
    return id;
  }
}
