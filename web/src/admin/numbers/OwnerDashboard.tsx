import { useEffect, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { formatCents } from 'api/shared/money';
import type { OwnerDashboardQuery, OwnerDashboardQueryVariables } from '../../gql/graphql';
import { Failure, Loading } from '../../ui/States';
import { readAdminCredential } from '../credential';
import { downloadBlob } from '../manifest';
import { BarChart, centsColumn, type Column, countColumn, monthColumn, monthLabel, shortMonth } from './charts';
import { GIFT_CARD_SECTION_FRAGMENT, GiftCardSection, PROMO_CODE_SECTIONS_FRAGMENT, PromoCodeSections } from './CodeSections';

export const OWNER_DASHBOARD_QUERY: TypedDocumentNode<OwnerDashboardQuery, OwnerDashboardQueryVariables> = gql`
  query OwnerDashboard($from: String, $to: String) {
    adminDashboard(from: $from, to: $to) {
      from
      to
      receivedCents
      refundedCents
      netCents
      money {
        month
        receivedCents
        refundedCents
        netCents
      }
      toCome {
        month
        balancesCents
        installmentsCents
        totalCents
      }
      occupancy {
        workshopId
        name
        dates
        capacity
        sold
        held
        free
        minimum
      }
      paymentOptions {
        option
        bookings
      }
      giftCards {
        ...GiftCardSection_numbers
      }
      promoCodes {
        ...PromoCodeSections_numbers
      }
    }
  }
  ${GIFT_CARD_SECTION_FRAGMENT}
  ${PROMO_CODE_SECTIONS_FRAGMENT}
`;

type Dash = OwnerDashboardQuery['adminDashboard'];
type MoneyRow = Dash['money'][number];
type ToComeRow = Dash['toCome'][number];
type RunRow = Dash['occupancy'][number];
type OptionRow = Dash['paymentOptions'][number];

/** "Feb 2-7, 2026" as "Feb 2": a run under its bar. */
const runStart = (dates: string) => dates.split(/[-–,]/)[0].trim();
const OPTION_LABELS: Record<string, string> = { deposit: 'Deposit', full: 'Paid in full', payment_plan: 'Payment plan' };

const MONEY_COLUMNS: Column<MoneyRow>[] = [
  monthColumn(),
  centsColumn('received', 'Received', (r) => r.receivedCents),
  centsColumn('refunded', 'Refunded', (r) => r.refundedCents),
  centsColumn('net', 'Net', (r) => r.netCents),
];
const TO_COME_COLUMNS: Column<ToComeRow>[] = [
  monthColumn('Due month'),
  centsColumn('balances', 'Balances', (r) => r.balancesCents),
  centsColumn('installments', 'Installments', (r) => r.installmentsCents),
  centsColumn('total', 'Total', (r) => r.totalCents),
];
const RUN_COLUMNS: Column<RunRow>[] = [
  { key: 'run', label: 'Run', text: (r) => `${r.name}, ${r.dates}` },
  countColumn('sold', 'Sold', (r) => r.sold),
  countColumn('held', 'Held', (r) => r.held),
  countColumn('free', 'Free', (r) => r.free),
  countColumn('minimum', 'Minimum', (r) => r.minimum),
  countColumn('capacity', 'Capacity', (r) => r.capacity),
];
const OPTION_COLUMNS: Column<OptionRow>[] = [
  { key: 'option', label: 'Payment option', text: (r) => OPTION_LABELS[r.option] ?? r.option, csv: (r) => r.option },
  countColumn('bookings', 'Live bookings', (r) => r.bookings),
];

/** The first of the 12 months ending with this one, and this one (the server's default period). */
function lastTwelveMonths(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 7);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: d.toISOString().slice(0, 7), to };
}

/**
 * The owner's numbers (decision 099), in the admin's lazy chunk: money by month, cash still
 * to come, each run's occupancy and bookings by payment option, each chart with its table
 * and CSV; gift cards and promo codes (CodeSections); and the accountant's export of every
 * payment and refund of the period.
 */
export function OwnerDashboard({ onError, onSignedOut }: { onError: (e: unknown) => void; onSignedOut: () => void }) {
  const [draft, setDraft] = useState(lastTwelveMonths);
  const [period, setPeriod] = useState(draft);
  const [exportError, setExportError] = useState<string | null>(null);
  const { data, loading, error } = useQuery(OWNER_DASHBOARD_QUERY, { variables: period, context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const d = data?.adminDashboard;
  // An ended session signs out (the parent decides); other errors show below.
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  const exportLedger = async () => {
    setExportError(null);
    try {
      const res = await fetch(`/api/admin/ledger.csv?from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`, {
        headers: { authorization: `Basic ${readAdminCredential() ?? ''}` },
      });
      if (res.status === 401) return onSignedOut();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'ledger.csv';
      downloadBlob(name, await res.blob());
    } catch {
      setExportError('The export could not be downloaded. Try again.');
    }
  };

  return (
    <section className="stack owner-dashboard" aria-labelledby="owner-dashboard-heading">
      <h2 id="owner-dashboard-heading">Money and occupancy</h2>
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPeriod(draft);
        }}
      >
        <div className="field">
          <label htmlFor="owner-from">From month</label>
          <input id="owner-from" className="input" type="month" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="owner-to">To month (inclusive)</label>
          <input id="owner-to" className="input" type="month" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="admin-filters__buttons">
          <button type="submit" className="btn btn--primary">
            Show
          </button>
          <button type="button" className="btn btn--outline" onClick={() => void exportLedger()}>
            Accountant’s export (CSV)
          </button>
        </div>
      </form>
      {exportError && (
        <p role="alert" className="admin-login__error">
          {exportError}
        </p>
      )}
      {error && !d ? (
        <Failure>The figures could not be loaded: {error.message}</Failure>
      ) : !d ? (
        loading ? <Loading>Loading the figures…</Loading> : null
      ) : (
        <>
          <dl className="admin-totals" data-testid="owner-totals">
            <div className="admin-total">
              <dt>Received</dt>
              <dd>{formatCents(d.receivedCents)}</dd>
            </div>
            <div className="admin-total">
              <dt>Refunded</dt>
              <dd>{formatCents(d.refundedCents)}</dd>
            </div>
            <div className="admin-total">
              <dt>Net</dt>
              <dd>{formatCents(d.netCents)}</dd>
            </div>
          </dl>
          <p className="muted admin-note">
            {monthLabel(d.from)} to {monthLabel(d.to)} (UTC months). Money received by card or offline (gift cards sold included), and refunds once made; a credit code or gift card spent on a booking moved no money and is left out.
          </p>
          <BarChart
            testId="chart-money"
            title="Money by month"
            description="Received, refunded and net per month."
            rows={d.money}
            category={(r) => monthLabel(r.month)}
            axisLabel={(r) => shortMonth(r.month)}
            series={[
              { label: 'Received', value: (r) => r.receivedCents, className: 'owner-chart__bar--received' },
              { label: 'Refunded', value: (r) => r.refundedCents, className: 'owner-chart__bar--refunded' },
              { label: 'Net', value: (r) => r.netCents, className: 'owner-chart__bar--net' },
            ]}
            columns={MONEY_COLUMNS}
            csvName={`money-${d.from}-to-${d.to}.csv`}
          />
          <BarChart
            testId="chart-to-come"
            title="Cash still to come"
            description="Balances of deposit bookings and scheduled installments, by the month they are due (past months: overdue)."
            rows={d.toCome}
            category={(r) => monthLabel(r.month)}
            axisLabel={(r) => shortMonth(r.month)}
            series={[
              { label: 'Balances', value: (r) => r.balancesCents, className: 'owner-chart__bar--received' },
              { label: 'Installments', value: (r) => r.installmentsCents, className: 'owner-chart__bar--net' },
            ]}
            columns={TO_COME_COLUMNS}
            csvName="cash-to-come.csv"
          />
          <BarChart
            testId="chart-occupancy"
            title="Occupancy of each run"
            description="Sold, held and free spots of each run; the tick marks its minimum."
            rows={d.occupancy}
            category={(r) => `${r.name}, ${r.dates}`}
            axisLabel={(r) => runStart(r.dates)}
            series={[
              { label: 'Sold', value: (r) => r.sold, className: 'owner-chart__bar--received' },
              { label: 'Held', value: (r) => r.held, className: 'owner-chart__bar--held' },
              { label: 'Free', value: (r) => r.free, className: 'owner-chart__bar--free' },
            ]}
            marker={{ label: 'Minimum', value: (r) => r.minimum }}
            columns={RUN_COLUMNS}
            csvName="occupancy.csv"
          />
          <BarChart
            testId="chart-options"
            title="Bookings by payment option"
            description="Live bookings (paid, or holding spots) per payment option."
            rows={d.paymentOptions}
            category={(r) => OPTION_LABELS[r.option] ?? r.option}
            axisLabel={(r) => OPTION_LABELS[r.option] ?? r.option}
            series={[{ label: 'Live bookings', value: (r) => r.bookings, className: 'owner-chart__bar--net' }]}
            columns={OPTION_COLUMNS}
            csvName="payment-options.csv"
          />
          <GiftCardSection numbers={d.giftCards} from={d.from} to={d.to} />
          <PromoCodeSections numbers={d.promoCodes} from={d.from} to={d.to} />
        </>
      )}
    </section>
  );
}
