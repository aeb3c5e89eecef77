import { render, screen, within } from '@testing-library/react';
import { BarChart, centsCell, toCsv, type Column } from './charts';

type Row = { month: string; cents: number; name: string };
const COLUMNS: Column<Row>[] = [
  { key: 'month', label: 'Month', text: (r) => r.month },
  { key: 'cents', label: 'Amount', text: (r) => `$${r.cents / 100}`, csv: (r) => centsCell(r.cents) },
  { key: 'name', label: 'Name', text: (r) => r.name },
];

describe('owner dashboard charts', () => {
  it('writes cents as dollars with two decimals, without float arithmetic', () => {
    expect(centsCell(0)).toBe('0.00');
    expect(centsCell(12_345)).toBe('123.45');
    expect(centsCell(-10_005)).toBe('-100.05');
    expect(centsCell(1)).toBe('0.01');
  });

  it('makes the CSV of the table: quoted when needed, formulas defused, negative amounts kept', () => {
    const csv = toCsv(COLUMNS, [
      { month: '2026-01', cents: -500, name: 'Smith, "Jo"' },
      { month: '2026-02', cents: 100, name: '=HYPERLINK("x")' },
    ]);
    expect(csv).toBe('Month,Amount,Name\r\n2026-01,-5.00,"Smith, ""Jo"""\r\n2026-02,1.00,"\'=HYPERLINK(""x"")"\r\n');
  });

  it('hides the drawing from screen readers and puts the same figures in a table', () => {
    render(
      <BarChart
        testId="c"
        title="Money by month"
        description="Received per month."
        rows={[
          { month: 'Jan 2026', cents: 10_000, name: 'a' },
          { month: 'Feb 2026', cents: -2_000, name: 'b' },
        ]}
        category={(r) => r.month}
        axisLabel={(r) => r.month.slice(0, 3)}
        series={[{ label: 'Received', value: (r) => r.cents, className: 'x' }]}
        columns={COLUMNS}
        csvName="money.csv"
      />,
    );
    const section = screen.getByRole('region', { name: 'Money by month' });
    expect(section.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(section.querySelectorAll('svg rect')).toHaveLength(2);
    const table = within(section).getByRole('table', { name: /Money by month/ });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'Feb 2026' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download CSV: Money by month' })).toBeInTheDocument();
  });
});
