import { memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { useIntl, type IntlShape } from 'react-intl';
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
import { PSEUDO_LOCALE, type Locale } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/LanguageProvider.tsx';
import { nameOrder } from './nameOrder.ts';

const KINDS = Object.keys(KIND_LABELS) as LibraryKind[];

/** The status filter's choices, in the studio's language. */
function statusChoices(intl: IntlShape): SelectChoice[] {
  return [
    { value: '', label: intl.formatMessage({ id: 'gallery.filters.any' }) },
    ...Object.entries(STATUS_GROUPS).map(([group, { label }]) => ({ value: group, label: intl.formatMessage({ id: label }) })),
  ];
}

function sortChoices(intl: IntlShape): SelectChoice[] {
  return [
    { value: 'newest', label: intl.formatMessage({ id: 'gallery.sort.newest' }) },
    { value: 'oldest', label: intl.formatMessage({ id: 'gallery.sort.oldest' }) },
  ];
}

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
  const intl = useIntl();

  const toggleKind = (kind: LibraryKind) => {
    const next = chosen.includes(kind) ? chosen.filter((each) => each !== kind) : [...chosen, kind];
    setFilter({ kinds: next.length > 0 ? next : undefined });
  };

  return (
    <div className="gallery-filters" role="search">
      <div className="gallery-filter-row">
        <label className="gallery-search">
          <span className="visually-hidden">{intl.formatMessage({ id: 'gallery.search.label' })}</span>
          <input
            type="search"
            placeholder={intl.formatMessage({ id: 'gallery.search.placeholder' })}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            data-testid="gallery-search"
          />
        </label>
        <div className="gallery-kinds" role="group" aria-label={intl.formatMessage({ id: 'gallery.filters.type' })}>
          {KINDS.map((kind) => (
            <button key={kind} type="button" className="chip" aria-pressed={chosen.includes(kind)} onClick={() => toggleKind(kind)}>
              {intl.formatMessage({ id: KIND_LABELS[kind] })}
            </button>
          ))}
        </div>
        <output className="gallery-count" aria-live="polite">
          {intl.formatMessage({ id: total === null ? 'gallery.count.loading' : 'gallery.count' }, { count: total ?? 0 })}
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
  const intl = useIntl();
  const locale = useLocale();
  const anyone = intl.formatMessage({ id: 'gallery.filters.anyone' });
  const characterName = useCharactersStore((s) => (characterId ? (s.byId[characterId]?.name ?? characterId) : anyone));
  const labelOf = (choices: readonly SelectChoice[], value: string) => choices.find((choice) => choice.value === value)?.label ?? '';
  return (
    <div className="gallery-choices-at-rest" aria-hidden="true" inert>
      <SelectAtRest label={intl.formatMessage({ id: 'gallery.filters.status' })} value={labelOf(statusChoices(intl), statusGroup)} />
      <SelectAtRest label={intl.formatMessage({ id: 'gallery.filters.character' })} value={characterName} />
      <div className="field ui-date-range field-inline">
        <span className="field-label">{intl.formatMessage({ id: 'gallery.filters.dates' })}</span>
        <span className="input ui-date-range-group">
          <DayAtRest iso={from} locale={locale} />
          <span>–</span>
          <DayAtRest iso={to} locale={locale} />
          <span className="icon-button ui-date-button">
            <CalendarDays size={16} />
          </span>
        </span>
      </div>
      <SelectAtRest label={intl.formatMessage({ id: 'gallery.filters.sort' })} value={labelOf(sortChoices(intl), sort)} />
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

/**
 * A day as the date field shows it, segment by segment in the language's order and digits, or its
 * empty segments.
 */
function DayAtRest({ iso, locale }: { iso: string | undefined; locale: Locale }) {
  const day = dayOf(iso);
  const parts = dayFormatOf(locale).formatToParts(day ? new Date(`${day}T12:00:00`) : new Date());
  const empty = EMPTY_SEGMENT[locale];
  return (
    <span className="ui-date-input">
      {parts.map((part, index) => (
        <span key={index} className="ui-date-segment" data-placeholder={day || part.type === 'literal' ? undefined : ''}>
          {day || part.type === 'literal' ? part.value : (empty[part.type as keyof typeof empty] ?? part.value)}
        </span>
      ))}
    </span>
  );
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
/** The date field's format in a language (react-aria speaks English in the pseudo-locale, as here). */
function dayFormatOf(locale: Locale): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === PSEUDO_LOCALE ? 'en-US' : locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(locale, format);
  }
  return format;
}

/** An empty segment's placeholder per language: react-aria's own, so the field that takes over looks the same. */
const EMPTY_SEGMENT: Record<Locale, { year: string; month: string; day: string }> = {
  en: { year: 'yyyy', month: 'mm', day: 'dd' },
  'en-XA': { year: 'yyyy', month: 'mm', day: 'dd' },
  es: { year: 'aaaa', month: 'mm', day: 'dd' },
  'pt-BR': { year: 'aaaa', month: 'mm', day: 'dd' },
  fr: { year: 'aaaa', month: 'mm', day: 'jj' },
  de: { year: 'jjjj', month: 'mm', day: 'tt' },
  ja: { year: '年', month: '月', day: '日' },
  'zh-CN': { year: '年', month: '月', day: '日' },
  ar: { year: 'سنة', month: 'شهر', day: 'يوم' },
};

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
  const intl = useIntl();
  const locale = useLocale();
  // The cast when it is loaded, else the per-character collections (both work offline), by name.
  const characterChoices = useMemo(() => {
    const named =
      order.length > 0
        ? order.map((id) => ({ value: id, label: byId[id]?.name ?? id }))
        : collections.flatMap((each) => (each.characterId ? [{ value: each.characterId, label: each.name }] : []));
    return [{ value: '', label: intl.formatMessage({ id: 'gallery.filters.anyone' }) }, ...nameOrder(named, (each) => each.label, locale)];
  }, [order, byId, collections, intl, locale]);
  const setStatus = (group: StatusGroup | '') => setFilter({ statuses: group ? [...STATUS_GROUPS[group].statuses] : undefined });

  return (
    <>
      <Select
        label={intl.formatMessage({ id: 'gallery.filters.status' })}
        className="field-inline"
        value={statusGroup}
        onChange={(group) => setStatus(group as StatusGroup | '')}
        options={statusChoices(intl)}
      />
      <Select
        label={intl.formatMessage({ id: 'gallery.filters.character' })}
        className="field-inline"
        value={characterId}
        onChange={(id) => setFilter({ characterId: id || undefined })}
        options={characterChoices}
      />
      <DATE_RANGE_PICKER.Component
        label={intl.formatMessage({ id: 'gallery.filters.dates' })}
        className="field-inline"
        value={{ from: dayOf(from) || null, to: dayOf(to) || null }}
        onChange={(range) => setFilter({ from: startOfDay(range.from), to: endOfDay(range.to) })}
      />
      <Select
        label={intl.formatMessage({ id: 'gallery.filters.sort' })}
        className="field-inline"
        value={sort}
        onChange={(choice) => setFilter({ sort: choice === 'oldest' ? 'oldest' : 'newest' })}
        options={sortChoices(intl)}
      />
    </>
  );
});

const ClearFilters = memo(function ClearFilters() {
  const { filtered, clearFilter } = useGalleryStore(useShallow((s) => ({ filtered: isFiltered(s.filter), clearFilter: s.clearFilter })));
  const intl = useIntl();
  if (!filtered) return null;
  return (
    <Button size="sm" variant="ghost" onClick={clearFilter}>
      {intl.formatMessage({ id: 'gallery.filters.clear' })}
    </Button>
  );
});

const TileSize = memo(function TileSize() {
  const { rowHeight, setRowHeight } = useGalleryViewStore(useShallow((s) => ({ rowHeight: s.rowHeight, setRowHeight: s.setRowHeight })));
  const intl = useIntl();
  return (
    <Slider
      className="gallery-size"
      label={intl.formatMessage({ id: 'gallery.filters.tileSize' })}
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
