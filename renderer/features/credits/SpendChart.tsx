import { useId, useMemo, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { colourOf, seriesOf, SPEND_SERIES, type SpendPattern } from './spendPalette.ts';
import { SPEND_DAYS, type SpendRow } from './creditsStore.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import type { MessageId } from '../../i18n/catalogs.ts';

const WIDTH = 960;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

interface SpendModel {
  days: string[];
  kinds: string[];
  /** credits[day][kind] */
  credits: Map<string, Map<string, number>>;
  dayTotals: Map<string, number>;
  max: number;
  total: number;
}

/** The last SPEND_DAYS calendar days (UTC, as core groups them), oldest first. */
function lastDays(today = new Date()): string[] {
  const days: string[] = [];
  for (let back = SPEND_DAYS - 1; back >= 0; back -= 1) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

function modelOf(rows: readonly SpendRow[]): SpendModel {
  const days = lastDays();
  for (const row of rows) if (!days.includes(row.day)) days.push(row.day);
  days.sort();
  const kinds = [...new Set(rows.map((row) => row.kind))].sort();
  const credits = new Map<string, Map<string, number>>();
  const dayTotals = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const amount = Math.abs(row.credits);
    const perKind = credits.get(row.day) ?? new Map<string, number>();
    perKind.set(row.kind, (perKind.get(row.kind) ?? 0) + amount);
    credits.set(row.day, perKind);
    dayTotals.set(row.day, (dayTotals.get(row.day) ?? 0) + amount);
    total += amount;
  }
  const max = Math.max(0, ...dayTotals.values());
  return { days, kinds, credits, dayTotals, max, total };
}

/** A round number at or above `value` for the top of the axis. */
function niceCeiling(value: number): number {
  if (value <= 0) return 10;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** The kinds of work core sorts spending into; a kind it adds later reads as its own id until it has words. */
const SPEND_KINDS = new Set(['image', 'video', 'talk', 'audio', 'voice', 'character', 'regenerate', 'other']);

/** The chart's words for a kind of work, in the studio's language. */
function kindLabel(kind: string, intl: IntlShape): string {
  if (SPEND_KINDS.has(kind)) return intl.formatMessage({ id: `credits.kind.${kind}` as MessageId });
  return kind.replace(/[._]/g, ' ');
}

/** A calendar day of the chart ("Dec 2", "2 déc."); days are UTC, as core groups them. */
function shortDay(day: string, intl: IntlShape): string {
  return intl.formatDate(new Date(`${day}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Credits spent per day, stacked by operation type, drawn in SVG with a table beside it for screen readers. */
export function SpendChart({ rows }: { rows: readonly SpendRow[] }) {
  const model = useMemo(() => modelOf(rows), [rows]);
  const intl = useIntl();
  const formats = useFormats();
  const kindOf = (kind: string) => kindLabel(kind, intl);
  const dayOf = (day: string) => shortDay(day, intl);
  // useId's characters are not all valid in a url(#…) reference.
  const patternId = `spend${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const fillOf = (kind: string) => `url(#${patternId}-${seriesOf(kind).pattern})`;
  const top = niceCeiling(model.max);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / model.days.length;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const busiest = [...model.dayTotals.entries()].sort((a, b) => b[1] - a[1])[0];
  const summary =
    model.total === 0 || !busiest
      ? intl.formatMessage({ id: 'credits.chart.none' }, { days: SPEND_DAYS })
      : intl.formatMessage(
          { id: 'credits.chart.summary' },
          { days: SPEND_DAYS, total: model.total, busiest: dayOf(busiest[0]), most: busiest[1] },
        );

  return (
    <figure className="spend-chart" data-testid="spend-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
        <PatternDefs prefix={patternId} />
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction} className="spend-axis">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * fraction)} y2={y(top * fraction)} />
            <text x={PAD.left - 6} y={y(top * fraction) + 4} textAnchor="end">
              {formats.number(Math.round(top * fraction))}
            </text>
          </g>
        ))}
        {model.days.map((day, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          let stacked = 0;
          return (
            <g key={day} data-day={day}>
              {model.kinds.map((kind) => {
                const value = model.credits.get(day)?.get(kind) ?? 0;
                if (value === 0) return null;
                const from = stacked;
                stacked += value;
                const box = { x, width: barWidth, y: y(stacked), height: Math.max(0, y(from) - y(stacked)) };
                return (
                  <g key={kind} data-kind={kind}>
                    <rect className="spend-bar" {...box} style={{ fill: colourOf(seriesOf(kind)) }}>
                      <title>
                        {intl.formatMessage(
                          { id: 'credits.chart.bar' },
                          { day: dayOf(day), credits: formats.credits(value), kind: kindOf(kind) },
                        )}
                      </title>
                    </rect>
                    <rect className="spend-bar-pattern" {...box} fill={fillOf(kind)} />
                  </g>
                );
              })}
              {index % 5 === (model.days.length - 1) % 5 && (
                <text className="spend-day" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {dayOf(day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="spend-legend">
        {model.kinds.map((kind) => (
          <span key={kind} className="spend-legend-item" data-kind={kind}>
            <svg className="spend-swatch" viewBox="0 0 14 14" aria-hidden="true">
              <rect width="14" height="14" style={{ fill: colourOf(seriesOf(kind)) }} />
              <rect width="14" height="14" fill={fillOf(kind)} />
            </svg>
            {kindOf(kind)}
          </span>
        ))}
      </figcaption>
      <details className="spend-table">
        <summary>{intl.formatMessage({ id: 'credits.chart.showTable' })}</summary>
        <table>
          <caption className="visually-hidden">{intl.formatMessage({ id: 'credits.chart.caption' })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'credits.chart.day' })}</th>
              {model.kinds.map((kind) => (
                <th key={kind} scope="col">
                  {kindOf(kind)}
                </th>
              ))}
              <th scope="col">{intl.formatMessage({ id: 'credits.chart.total' })}</th>
            </tr>
          </thead>
          <tbody>
            {model.days
              .filter((day) => (model.dayTotals.get(day) ?? 0) > 0)
              .map((day) => (
                <tr key={day}>
                  <th scope="row">{dayOf(day)}</th>
                  {model.kinds.map((kind) => (
                    <td key={kind}>{formats.number(model.credits.get(day)?.get(kind) ?? 0)}</td>
                  ))}
                  <td>{formats.number(model.dayTotals.get(day) ?? 0)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The patterns laid over each series' colour: a second cue beside colour, in the surface's colour. */
function PatternDefs({ prefix }: { prefix: string }) {
  const stroke = { stroke: 'var(--surface)', strokeWidth: 1.4, opacity: 0.7 } as const;
  const marks: Record<SpendPattern, ReactNode> = {
    solid: null,
    diagonal: <path d="M-1 1l2-2M0 6l6-6M5 7l2-2" style={stroke} />,
    'back-diagonal': <path d="M-1 5l2 2M0 0l6 6M5 -1l2 2" style={stroke} />,
    dots: <circle cx="3" cy="3" r="1.1" style={{ fill: 'var(--surface)', opacity: 0.75 }} />,
    horizontal: <path d="M0 3h6" style={stroke} />,
    vertical: <path d="M3 0v6" style={stroke} />,
    cross: <path d="M0 0l6 6M6 0l-6 6" style={stroke} />,
    grid: <path d="M0 3h6M3 0v6" style={stroke} />,
  };
  return (
    <defs>
      {[...new Set(SPEND_SERIES.map((series) => series.pattern))].map((pattern) => (
        <pattern key={pattern} id={`${prefix}-${pattern}`} width="6" height="6" patternUnits="userSpaceOnUse">
          {marks[pattern]}
        </pattern>
      ))}
    </defs>
  );
}
