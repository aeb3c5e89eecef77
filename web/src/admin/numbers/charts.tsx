import { useId } from 'react';
import { formatCents } from 'api/shared/money';
import { downloadBlob } from '../manifest';
import { useSidewaysOverflow } from '../../ui/useSidewaysOverflow';

/** One column of a chart's table (and of its CSV): its heading, and how a row shows it. */
export interface Column<Row> {
  key: string;
  label: string;
  /** The cell as read (formatted money, a count). */
  text: (row: Row) => string;
  /** The cell in the CSV: plain numbers (cents as dollars with two decimals) for a spreadsheet. */
  csv?: (row: Row) => string;
}

/** A series of bars: which value of a row it draws, its legend and colour class. */
export interface Series<Row> {
  label: string;
  value: (row: Row) => number;
  className: string;
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a formula-looking text is defused. */
function csvCell(text: string): string {
  const safe = /^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-\d/.test(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<Row>(columns: Column<Row>[], rows: Row[]): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(','), ...rows.map((r) => columns.map((c) => csvCell((c.csv ?? c.text)(r))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Cents as "1234.50" for a spreadsheet (integer arithmetic, no float rounding). */
export function centsCell(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A column of cents: formatted money in the table, dollars with two decimals in the CSV. */
export function centsColumn<Row>(key: string, label: string, cents: (row: Row) => number): Column<Row> {
  return { key, label, text: (r) => formatCents(cents(r)), csv: (r) => centsCell(cents(r)) };
}

/** A column of a count. */
export function countColumn<Row>(key: string, label: string, count: (row: Row) => number): Column<Row> {
  return { key, label, text: (r) => String(count(r)) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03" as "Mar 2026". */
export const monthLabel = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1] ?? m} ${m.slice(0, 4)}`;
/** "2026-03" as "Mar" (January also gets its year, "Jan ’26"), under a bar. */
export const shortMonth = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1] ?? m}${m.endsWith('-01') ? ` ’${m.slice(2, 4)}` : ''}`;
/** The first column of a table by month: "Mar 2026" to read, "2026-03" in the CSV. */
export function monthColumn<Row extends { month: string }>(label = 'Month'): Column<Row> {
  return { key: 'month', label, text: (r) => monthLabel(r.month), csv: (r) => r.month };
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 4, left: 8 };

/**
 * Grouped bars in SVG (our own, no chart library: decision 099), drawn for the eye only
 * (aria-hidden); the table under it says the same for a screen reader, and the CSV button
 * downloads that table. Negative values go below the zero line.
 */
export function BarChart<Row>(props: {
  title: string;
  description: string;
  rows: Row[];
  category: (row: Row) => string;
  series: Series<Row>[];
  columns: Column<Row>[];
  csvName: string;
  /** The short label under each bar (drawn for the eye; the table names each row in full). */
  axisLabel: (row: Row) => string;
  /** An optional marker per row (e.g. a run's minimum), drawn as a tick. */
  marker?: { label: string; value: (row: Row) => number };
  testId: string;
}) {
  const { rows, series } = props;
  const headingId = useId();
  const hintId = useId();
  // A table wider than a phone scrolls in its box: then it is a focusable region with a hint (as BookingLedger).
  const [scroller, overflowing] = useSidewaysOverflow<HTMLDivElement>();
  const values = rows.flatMap((r) => series.map((s) => s.value(r))).concat(props.marker ? rows.map((r) => props.marker!.value(r)) : []);
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * plotH;
  const band = (WIDTH - PAD.left - PAD.right) / Math.max(1, rows.length);
  const barW = Math.max(2, (band * 0.8) / series.length);
  return (
    <section className="card owner-chart" aria-labelledby={headingId} data-testid={props.testId}>
      <div className="card__body">
        <h3 id={headingId} className="owner-chart__title">
          {props.title}
        </h3>
        <p className="muted">{props.description}</p>
        <ul className="owner-chart__legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span className={`owner-chart__swatch ${s.className}`} />
              {s.label}
            </li>
          ))}
          {props.marker && (
            <li>
              <span className="owner-chart__swatch owner-chart__marker-swatch" />
              {props.marker.label}
            </li>
          )}
        </ul>
        {rows.length > 0 && (
          <svg className="owner-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="owner-chart__axis" />
            {rows.map((r, i) => {
              const x0 = PAD.left + i * band + band * 0.1;
              return (
                <g key={props.category(r)}>
                  {series.map((s, j) => {
                    const v = s.value(r);
                    return <rect key={s.label} x={x0 + j * barW} width={barW - 1} y={Math.min(y(v), y(0))} height={Math.abs(y(v) - y(0))} className={s.className} />;
                  })}
                  {props.marker && <line x1={x0} x2={x0 + barW * series.length} y1={y(props.marker.value(r))} y2={y(props.marker.value(r))} className="owner-chart__marker" />}
                </g>
              );
            })}
          </svg>
        )}
        {rows.length > 0 && (
          // Labels in HTML under the bars, so they keep their size when the drawing stretches to the width.
          <div className="owner-chart__axis-labels" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${rows.length}, minmax(0, 1fr))` }}>
            {rows.map((r) => (
              <span key={props.category(r)}>{props.axisLabel(r)}</span>
            ))}
          </div>
        )}
        {overflowing && (
          <p id={hintId} className="table-scroll__hint">
            Scroll the table sideways to see every column.
          </p>
        )}
        <div
          ref={scroller}
          className={overflowing ? 'owner-chart__table table-scroll table-scroll--overflowing' : 'owner-chart__table table-scroll'}
          {...(overflowing ? { role: 'region', tabIndex: 0, 'aria-label': `${props.title}: table`, 'aria-describedby': hintId } : {})}
        >
          <table>
            <caption className="visually-hidden">{props.title}: the chart’s figures</caption>
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={props.columns.length}>Nothing yet.</td>
                </tr>
              ) : (
                rows.map((r) => (
                  <tr key={props.category(r)}>
                    {props.columns.map((c, i) =>
                      i === 0 ? (
                        <th key={c.key} scope="row">
                          {c.text(r)}
                        </th>
                      ) : (
                        <td key={c.key}>{c.text(r)}</td>
                      ),
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <button
          type="button"
          className="btn btn--outline"
          aria-label={`Download CSV: ${props.title}`}
          onClick={() => downloadBlob(props.csvName, new Blob([toCsv(props.columns, rows)], { type: 'text/csv' }))}
        >
          Download CSV
        </button>
      </div>
    </section>
  );
}
