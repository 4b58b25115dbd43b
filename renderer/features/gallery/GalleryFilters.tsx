import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LibraryKind } from '../../../shared/ipc/index.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { isFiltered, useGalleryStore } from './galleryStore.ts';
import { KIND_LABELS, STATUS_GROUPS, statusGroupOf, type StatusGroup } from './itemLabels.ts';
import { Button } from '../../ui/Button.tsx';
import { DateRangePicker, Select, Slider, type SelectChoice } from '../../ui/primitives/index.ts';
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

/** Search, type, status, character, dates and sort; every change is answered by core's database. */
export function GalleryFilters() {
  const { filter, searchText, total, setFilter, setSearchText, clearFilter } = useGalleryStore(
    useShallow((s) => ({
      filter: s.filter,
      searchText: s.searchText,
      total: s.total,
      setFilter: s.setFilter,
      setSearchText: s.setSearchText,
      clearFilter: s.clearFilter,
    })),
  );
  const collections = useCollectionsStore((s) => s.collections);
  const { order, byId } = useCharactersStore(useShallow((s) => ({ order: s.order, byId: s.byId })));
  // The cast when it is loaded, else the per-character collections (both work offline).
  const characters = useMemo(
    () =>
      order.length > 0
        ? order.map((id) => ({ id, name: byId[id]?.name ?? id }))
        : collections.flatMap((each) => (each.characterId ? [{ id: each.characterId, name: each.name }] : [])),
    [order, byId, collections],
  );
  const kinds = filter.kinds ?? [];
  const { rowHeight, setRowHeight } = useGalleryViewStore(useShallow((s) => ({ rowHeight: s.rowHeight, setRowHeight: s.setRowHeight })));

  const toggleKind = (kind: LibraryKind) => {
    const next = kinds.includes(kind) ? kinds.filter((each) => each !== kind) : [...kinds, kind];
    setFilter({ kinds: next.length > 0 ? next : undefined });
  };
  const setStatus = (group: StatusGroup | '') => setFilter({ statuses: group ? [...STATUS_GROUPS[group].statuses] : undefined });

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
            <button key={kind} type="button" className="chip" aria-pressed={kinds.includes(kind)} onClick={() => toggleKind(kind)}>
              {KIND_LABELS[kind]}
            </button>
          ))}
        </div>
        <output className="gallery-count" aria-live="polite">
          {total === null ? 'Loading…' : formatCountOf(total, 'item')}
        </output>
      </div>
      <div className="gallery-filter-row">
        <Select
          label="Status"
          className="field-inline"
          value={statusGroupOf(filter.statuses)}
          onChange={(group) => setStatus(group as StatusGroup | '')}
          options={STATUS_CHOICES}
        />
        <Select
          label="Character"
          className="field-inline"
          value={filter.characterId ?? ''}
          onChange={(id) => setFilter({ characterId: id || undefined })}
          options={[{ value: '', label: 'Anyone' }, ...characters.map((each) => ({ value: each.id, label: each.name }))]}
        />
        <DateRangePicker
          label="Dates"
          className="field-inline"
          value={{ from: dayOf(filter.from) || null, to: dayOf(filter.to) || null }}
          onChange={(range) => setFilter({ from: startOfDay(range.from), to: endOfDay(range.to) })}
        />
        <Select
          label="Sort"
          className="field-inline"
          value={filter.sort}
          onChange={(sort) => setFilter({ sort: sort === 'oldest' ? 'oldest' : 'newest' })}
          options={SORT_CHOICES}
        />
        {isFiltered(filter) && (
          <Button size="sm" variant="ghost" onClick={clearFilter}>
            Clear filters
          </Button>
        )}
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
      </div>
    </div>
  );
}

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
