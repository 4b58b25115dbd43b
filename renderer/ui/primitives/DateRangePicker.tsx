import { parseDate, type CalendarDate } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { usePortalContainer } from './portalContainer.ts';

/** A range of calendar days as ISO dates (YYYY-MM-DD); either end may be open. */
export type DayRange = { from: string | null; to: string | null };

type DateRangePickerProps = {
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
  className?: string;
};

/** A from–to range of days typed segment by segment or picked on a calendar (react-aria's DateRangePicker). */
export function DateRangePicker({ label, value, onChange, className }: DateRangePickerProps) {
  const [portalContainer, placeTrigger] = usePortalContainer();
  const range = rangeOf(value);
  return (
    <AriaDateRangePicker
      className={`field ui-date-range ${className ?? ''}`}
      value={range}
      onChange={(next) => onChange(next ? { from: dayOf(next.start), to: dayOf(next.end) } : { from: null, to: null })}
    >
      <Label className="field-label">{label}</Label>
      <Group ref={placeTrigger} className="input ui-date-range-group">
        <DateInput slot="start" className="ui-date-input">
          {(segment) => <DateSegment segment={segment} className="ui-date-segment" />}
        </DateInput>
        <span aria-hidden="true">–</span>
        <DateInput slot="end" className="ui-date-input">
          {(segment) => <DateSegment segment={segment} className="ui-date-segment" />}
        </DateInput>
        <Button className="icon-button ui-date-button">
          <CalendarDays size={16} aria-hidden="true" />
        </Button>
      </Group>
      <Popover className="ui-popover ui-popover-panel" UNSTABLE_portalContainer={portalContainer}>
        <Dialog className="ui-popover-dialog">
          <RangeCalendar className="ui-calendar">
            <header className="ui-calendar-header">
              <Button slot="previous" className="icon-button">
                <ChevronLeft size={16} aria-hidden="true" className="icon-directional" />
              </Button>
              <Heading className="ui-calendar-heading" />
              <Button slot="next" className="icon-button">
                <ChevronRight size={16} aria-hidden="true" className="icon-directional" />
              </Button>
            </header>
            <CalendarGrid className="ui-calendar-grid">{(date) => <CalendarCell date={date} className="ui-calendar-cell" />}</CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </AriaDateRangePicker>
  );
}

/** Both ends as calendar dates, or no range while either is open or not a day (parseDate throws on those). */
function rangeOf(value: DayRange): { start: CalendarDate; end: CalendarDate } | null {
  if (!value.from || !value.to || !ISO_DAY.test(value.from) || !ISO_DAY.test(value.to)) return null;
  return { start: parseDate(value.from), end: parseDate(value.to) };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(date: CalendarDate): string {
  return date.toString();
}
