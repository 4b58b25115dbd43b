import { memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { LibraryKind } from '../../../shared/ipc/index.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { isFiltered, useGalleryStore } from './galleryStore.ts';
import { KIND_LABELS, STATUS_GROUPS, statusGroupOf, type StatusGroup } from './itemLabels.ts';
import { Button } from '../../ui/Button.tsx';
import { DATE_RANGE_PICKER } from './galleryParts.ts';
import { startScreenShown } from '../../app/startScreenShown.ts';
import { Select, Slider, type SelectChoice } from '../../ui/primitives/index.ts';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { ROW_HEIGHT_MAX, ROW_HEIGHT_MIN } from './justifiedLayout.ts';
import { formatCountOf } from '../../ui/format.ts';

const KINDS = Object.keys(KIND_LABELS) as LibraryKind[];
const STATUS_CHOICES: readonly SelectChoice[] = [
  { value: '', label: 'Any' },
  ...Object.entries(STATUS_GROUPS).map(([group, { label }]) => ({ value: group, label })),
];
const SORT_CHOICES: readonly SelectChoice[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/**
 * Search, type, status, character, dates and sort; every change is answered by core's database.
 * Each part reads only its own fields of the filter: a type clicked or a word typed draws the
 * search row again, not the pickers (issue 16: ≤ 50 ms from the change to the painted result).
 */
export function GalleryFilters() {
  const { kinds, searchText, total, setFilter, setSearchText } = useGalleryStore(
    useShallow((s) => ({
      kinds: s.filter.kinds,
      searchText: s.searchText,
      total: s.total,
      setFilter: s.setFilter,
      setSearchText: s.setSearchText,
    })),
  );
  const chosen = kinds ?? [];

  const toggleKind = (kind: LibraryKind) => {
    const next = chosen.includes(kind) ? chosen.filter((each) => each !== kind) : [...chosen, kind];
    setFilter({ kinds: next.length > 0 ? next : undefined });
  };

  return (
    <div className="gallery-filters" role="search">
      <div className="gallery-filter-row">
        <label className="gallery-search">
          <span className="visually-hidden">Search prompts and speech text</span>
          <input
            type="search"
            placeholder="Search prompts and speech…"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            data-testid="gallery-search"
          />
        </label>
        <div className="gallery-kinds" role="group" aria-label="Type">
          {KINDS.map((kind) => (
            <button key={kind} type="button" className="chip" aria-pressed={chosen.includes(kind)} onClick={() => toggleKind(kind)}>
              {KIND_LABELS[kind]}
            </button>
          ))}
        </div>
        <output className="gallery-count" aria-live="polite">
          {total === null ? 'Loading…' : formatCountOf(total, 'item')}
        </output>
      </div>
      <div className="gallery-filter-row">
        <DeferredFilterChoices />
        <ClearFilters />
        <TileSize />
      </div>
    </div>
  );
}

/**
 * The pickers are drawn just after the gallery's first paint: react-aria builds each select's
 * listbox and each date segment with its formatters as they mount, a tenth of the screen's first
 * render, while the rows and the first page's thumbnails are what opening the gallery is for. Until
 * then (a frame; when the app opens on the gallery, until its first screen is shown, a second at
 * most) the same boxes stand in their place, showing the same words, inert.
 */
function DeferredFilterChoices() {
  const drawn = useDeferredValue(true, false);
  // The date range field's code is fetched once the gallery's first screen is shown (galleryParts.ts):
  // the boxes stay till it is here.
  const [codeAsked, setCodeAsked] = useState(DATE_RANGE_PICKER.loaded());
  useEffect(() => {
    let live = true;
    void startScreenShown().then(() => live && setCodeAsked(true));
    return () => {
      live = false;
    };
  }, []);
  return drawn && codeAsked ? (
    <Suspense fallback={<FilterChoicesAtRest />}>
      <FilterChoices />
    </Suspense>
  ) : (
    <FilterChoicesAtRest />
  );
}

/** Status, character, dates and sort as they look at rest: what FilterChoices draws, without its controls. */
const FilterChoicesAtRest = memo(function FilterChoicesAtRest() {
  const { statusGroup, characterId, from, to, sort } = useGalleryStore(useShallow(choicesOf));
  const characterName = useCharactersStore((s) => (characterId ? (s.byId[characterId]?.name ?? characterId) : 'Anyone'));
  const labelOf = (choices: readonly SelectChoice[], value: string) => choices.find((choice) => choice.value === value)?.label ?? '';
  return (
    <div className="gallery-choices-at-rest" aria-hidden="true" inert>
      <SelectAtRest label="Status" value={labelOf(STATUS_CHOICES, statusGroup)} />
      <SelectAtRest label="Character" value={characterName} />
      <div className="field ui-date-range field-inline">
        <span className="field-label">Dates</span>
        <span className="input ui-date-range-group">
          <DayAtRest iso={from} />
          <span>–</span>
          <DayAtRest iso={to} />
          <span className="icon-button ui-date-button">
            <CalendarDays size={16} />
          </span>
        </span>
      </div>
      <SelectAtRest label="Sort" value={labelOf(SORT_CHOICES, sort)} />
    </div>
  );
});

function SelectAtRest({ label, value }: { label: string; value: string }) {
  return (
    <div className="field ui-select field-inline">
      <span className="field-label">{label}</span>
      <span className="input ui-select-button">
        <span className="ui-select-value">{value}</span>
        <ChevronDown size={16} />
      </span>
    </div>
  );
}

/** A day as the date field shows it, segment by segment in the user's order, or its empty segments. */
function DayAtRest({ iso }: { iso: string | undefined }) {
  const day = dayOf(iso);
  const parts = DAY_FORMAT.formatToParts(day ? new Date(`${day}T12:00:00`) : new Date());
  return (
    <span className="ui-date-input">
      {parts.map((part, index) => (
        <span key={index} className="ui-date-segment" data-placeholder={day || part.type === 'literal' ? undefined : ''}>
          {day || part.type === 'literal' ? part.value : (EMPTY_SEGMENT[part.type] ?? part.value)}
        </span>
      ))}
    </span>
  );
}

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: '2-digit', day: '2-digit' });
const EMPTY_SEGMENT: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { year: 'yyyy', month: 'mm', day: 'dd' };

/** The filter's fields the pickers show. */
function choicesOf(state: ReturnType<typeof useGalleryStore.getState>) {
  const { statuses, characterId, from, to, sort } = state.filter;
  return { statusGroup: statusGroupOf(statuses), characterId: characterId ?? '', from, to, sort };
}

/** Status, character, dates and sort. */
const FilterChoices = memo(function FilterChoices() {
  const { statusGroup, characterId, from, to, sort } = useGalleryStore(useShallow(choicesOf));
  const setFilter = useGalleryStore((s) => s.setFilter);
  const collections = useCollectionsStore((s) => s.collections);
  const { order, byId } = useCharactersStore(useShallow((s) => ({ order: s.order, byId: s.byId })));
  // The cast when it is loaded, else the per-character collections (both work offline).
  const characterChoices = useMemo(
    () => [
      { value: '', label: 'Anyone' },
      ...(order.length > 0
        ? order.map((id) => ({ value: id, label: byId[id]?.name ?? id }))
        : collections.flatMap((each) => (each.characterId ? [{ value: each.characterId, label: each.name }] : []))),
    ],
    [order, byId, collections],
  );
  const setStatus = (group: StatusGroup | '') => setFilter({ statuses: group ? [...STATUS_GROUPS[group].statuses] : undefined });

  return (
    <>
      <Select
        label="Status"
        className="field-inline"
        value={statusGroup}
        onChange={(group) => setStatus(group as StatusGroup | '')}
        options={STATUS_CHOICES}
      />
      <Select
        label="Character"
        className="field-inline"
        value={characterId}
        onChange={(id) => setFilter({ characterId: id || undefined })}
        options={characterChoices}
      />
      <DATE_RANGE_PICKER.Component
        label="Dates"
        className="field-inline"
        value={{ from: dayOf(from) || null, to: dayOf(to) || null }}
        onChange={(range) => setFilter({ from: startOfDay(range.from), to: endOfDay(range.to) })}
      />
      <Select
        label="Sort"
        className="field-inline"
        value={sort}
        onChange={(choice) => setFilter({ sort: choice === 'oldest' ? 'oldest' : 'newest' })}
        options={SORT_CHOICES}
      />
    </>
  );
});

const ClearFilters = memo(function ClearFilters() {
  const { filtered, clearFilter } = useGalleryStore(useShallow((s) => ({ filtered: isFiltered(s.filter), clearFilter: s.clearFilter })));
  if (!filtered) return null;
  return (
    <Button size="sm" variant="ghost" onClick={clearFilter}>
      Clear filters
    </Button>
  );
});

const TileSize = memo(function TileSize() {
  const { rowHeight, setRowHeight } = useGalleryViewStore(useShallow((s) => ({ rowHeight: s.rowHeight, setRowHeight: s.setRowHeight })));
  return (
    <Slider
      className="gallery-size"
      label="Tile size"
      value={rowHeight}
      min={ROW_HEIGHT_MIN}
      max={ROW_HEIGHT_MAX}
      step={10}
      showLabel
      onChange={setRowHeight}
      data-testid="gallery-size"
    />
  );
});

/** The `YYYY-MM-DD` of a filter bound in the user's own time zone. */
function dayOf(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  // Four digits even for a year being typed ("0002"): the day is read back as ISO 8601.
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function startOfDay(day: string | null): string | undefined {
  return day ? new Date(`${day}T00:00:00`).toISOString() : undefined;
}

function endOfDay(day: string | null): string | undefined {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined;
}
