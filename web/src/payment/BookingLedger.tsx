import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import type { BookingLedger_AccountFragment, BookingLedger_AdminAccountFragment } from '../gql/graphql';
import { formatCalendarDate } from '../ui/format';
import { INSTALLMENT_STATE_LABELS, labelOf, PAYMENT_PURPOSE_LABELS, REFUND_REASON_LABELS, REFUND_STATE_LABELS } from '../ui/labels';
import { formatDay } from '../ui/time';
import { useSidewaysOverflow } from '../ui/useSidewaysOverflow';

/**
 * The money of a booking as the ledger shows it: the one selection of a booking's account that
 * the customer's manage page and the admin's panel share (docs/decisions/073: trusted documents
 * let both spread it without counting the cost).
 */
export const BOOKING_LEDGER_FRAGMENT: TypedDocumentNode<BookingLedger_AccountFragment> = gql`
  fragment BookingLedger_account on BookingAccount {
    booking {
      id
      status
    }
    payments {
      id
      amount
      method
      purpose
      installmentNumber
      receivedAt
      refunded
    }
    refunds {
      id
      amount
      state
      reason
      lastError
      createdAt
      completedAt
    }
    schedule {
      number
      dueDate
      amount
      state
      lastError
      paidAt
    }
    balanceDueDate
    balance
    nextPayment {
      label
      amount
      dueDate
      overdue
      canPayNow
    }
  }
`;

/** The ledger with the admin's columns: provider ids, notes, failed charges. */
export const BOOKING_LEDGER_ADMIN_FRAGMENT: TypedDocumentNode<BookingLedger_AdminAccountFragment> = gql`
  fragment BookingLedger_adminAccount on BookingAccount {
    ...BookingLedger_account
    payments {
      id
      providerPaymentId
      note
    }
    refunds {
      id
      method
      providerRefundId
      note
    }
    schedule {
      number
      failedAttempts
    }
  }
  ${BOOKING_LEDGER_FRAGMENT}
`;

/** The customer's ledger, or the admin's (whose rows also carry the admin's columns). */
export type LedgerAccount = BookingLedger_AccountFragment | BookingLedger_AdminAccountFragment;

const purposeOf = (p: LedgerAccount['payments'][number]) =>
  p.purpose === 'installment' && p.installmentNumber ? `Installment ${p.installmentNumber}` : labelOf(PAYMENT_PURPOSE_LABELS, p.purpose);

/** One column of a money table: its header and what a row shows in it. */
interface Column<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  /** Amount columns are right-aligned; ids are set in a monospace face. */
  kind?: 'amount' | 'id';
  /** Shown only when true (the admin's extra columns). */
  when?: boolean;
}

const CELL_CLASS = { amount: 'money-table__amount', id: 'money-table__id' } as const;

/**
 * The table the three ledgers share: a labelled table of rows and optional footer. The customer's
 * tables (`stacked`) show each row on a phone as "header: value" lines (data-label, components.css),
 * so no amount is cut off at the edge (issue 24). Wider than its box otherwise (the admin's
 * columns on a phone), it scrolls sideways: then the box
 * says so above it, shows a shadow at the edge still hiding columns, and takes keyboard focus
 * (a named region) so the arrow keys scroll it too.
 */
function MoneyTable<T>({
  headingId,
  rows,
  rowKey,
  rowAttributes,
  columns,
  footer,
  stacked = false,
}: {
  headingId: string;
  rows: readonly T[];
  rowKey: (row: T) => React.Key;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  columns: ReadonlyArray<Column<T>>;
  /** The footer row, given the columns shown. */
  footer?: (shown: ReadonlyArray<Column<T>>) => React.ReactNode;
  /** The customer's tables: stacked rows on a phone. The admin's wider ones scroll in their box (issue 22). */
  stacked?: boolean;
}) {
  const shown = columns.filter((c) => c.when !== false);
  const [scroller, overflowing] = useSidewaysOverflow<HTMLDivElement>();
  const hintId = `${headingId}-scroll-hint`;
  return (
    <>
      {overflowing && (
        <p id={hintId} className="table-scroll__hint">
          Scroll the table sideways to see every column.
        </p>
      )}
      <div
        ref={scroller}
        className={overflowing ? 'table-scroll table-scroll--overflowing' : 'table-scroll'}
        {...(overflowing ? { role: 'region', tabIndex: 0, 'aria-labelledby': headingId, 'aria-describedby': hintId } : {})}
      >
        <table className={stacked ? 'money-table stack-table' : 'money-table'} aria-labelledby={headingId}>
          <thead>
            <tr>
              {shown.map((c) => (
                <th key={c.header} scope="col" className={c.kind === 'amount' ? CELL_CLASS.amount : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowAttributes?.(row)}>
                {shown.map((c) => (
                  <td key={c.header} className={c.kind ? CELL_CLASS[c.kind] : undefined} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer && <tfoot>{footer(shown)}</tfoot>}
        </table>
      </div>
    </>
  );
}

type AdminAccount = BookingLedger_AdminAccountFragment;
/** A row as the customer's fragment selects it, with the admin's columns when the admin's fragment did. */
type Payment = BookingLedger_AccountFragment['payments'][number] & Partial<AdminAccount['payments'][number]>;
type Refund = BookingLedger_AccountFragment['refunds'][number] & Partial<AdminAccount['refunds'][number]>;
type Installment = BookingLedger_AccountFragment['schedule'][number] & Partial<AdminAccount['schedule'][number]>;

/** Every payment received, with its date and amount (and, for the admin, the provider's id). */
export function PaymentsTable({ account, admin = false, headingId }: { account: LedgerAccount; admin?: boolean; headingId: string }) {
  if (account.payments.length === 0) return <p className="muted">No payments yet.</p>;
  const columns: Array<Column<Payment>> = [
    { header: 'Date', cell: (p) => formatDay(p.receivedAt) },
    { header: 'For', cell: purposeOf },
    { header: 'Method', cell: (p) => (p.method === 'card' ? 'Card, online' : 'Paid directly') },
    {
      header: 'Amount',
      kind: 'amount',
      cell: (p) => (
        <>
          {formatDollars(p.amount)}
          {p.refunded > 0 && <span className="money-table__sub">{formatDollars(p.refunded)} refunded</span>}
        </>
      ),
    },
    { header: 'Provider id', kind: 'id', when: admin, cell: (p) => p.providerPaymentId ?? '–' },
    { header: 'Note', when: admin, cell: (p) => p.note ?? '–' },
  ];
  return <MoneyTable headingId={headingId} rows={account.payments as readonly Payment[]} rowKey={(p) => p.id} columns={columns} stacked={!admin} />;
}

/** Every refund, made or still to make. */
export function RefundsTable({ account, admin = false, headingId, actions }: { account: LedgerAccount; admin?: boolean; headingId: string; actions?: (refund: Refund) => React.ReactNode }) {
  if (account.refunds.length === 0) return <p className="muted">No refunds.</p>;
  const columns: Array<Column<Refund>> = [
    { header: 'Date', cell: (r) => formatDay(r.completedAt ?? r.createdAt) },
    { header: 'Why', cell: (r) => labelOf(REFUND_REASON_LABELS, r.reason) },
    {
      header: 'State',
      cell: (r) => (
        <>
          {labelOf(REFUND_STATE_LABELS, r.state)}
          {r.lastError && <span className="money-table__sub money-table__sub--error">{r.lastError}</span>}
        </>
      ),
    },
    { header: 'Amount', kind: 'amount', cell: (r) => formatDollars(r.amount) },
    { header: 'Provider id', kind: 'id', when: admin, cell: (r) => r.providerRefundId ?? (r.method === 'offline' ? 'Offline' : '–') },
    { header: 'Note', when: admin, cell: (r) => r.note ?? '–' },
    { header: 'Action', when: actions !== undefined, cell: (r) => actions?.(r) },
  ];
  // A cancellation's refund is split over the payments it gives back: say what it comes to.
  const footer =
    account.refunds.length > 1
      ? (shown: ReadonlyArray<Column<Refund>>) => (
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="money-table__amount" data-testid="refunds-total">
              {formatDollars((account.refunds as readonly Refund[]).reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100)}
            </td>
            {shown.length > 4 && <td colSpan={shown.length - 4} />}
          </tr>
        )
      : undefined;
  return <MoneyTable headingId={headingId} rows={account.refunds as readonly Refund[]} rowKey={(r) => r.id} rowAttributes={(r) => ({ 'data-refund-state': r.state })} columns={columns} footer={footer} stacked={!admin} />;
}

/** The installments of a payment plan with their states. */
export function ScheduleTable({ account, admin = false, headingId }: { account: LedgerAccount; admin?: boolean; headingId: string }) {
  const columns: Array<Column<Installment>> = [
    { header: 'Installment', cell: (i) => `${i.number} of ${account.schedule.length}` },
    { header: 'Due', cell: (i) => formatCalendarDate(i.dueDate) },
    {
      header: 'State',
      cell: (i) => (
        <>
          {labelOf(INSTALLMENT_STATE_LABELS, i.state)}
          {i.state === 'paid' && i.paidAt && <span className="money-table__sub">on {formatDay(i.paidAt)}</span>}
          {i.state === 'failed' && i.lastError && <span className="money-table__sub money-table__sub--error">{i.lastError}</span>}
        </>
      ),
    },
    { header: 'Amount', kind: 'amount', cell: (i) => formatDollars(i.amount) },
    { header: 'Failed charges', when: admin, cell: (i) => (i.failedAttempts ? `${i.failedAttempts}${i.lastError ? ` (${i.lastError})` : ''}` : '–') },
  ];
  return <MoneyTable headingId={headingId} rows={account.schedule as readonly Installment[]} rowKey={(i) => i.number} rowAttributes={(i) => ({ 'data-installment-state': i.state })} columns={columns} stacked={!admin} />;
}

/** Why a released booking owes nothing. */
const RELEASED: Record<string, string> = { cancelled: 'the booking is cancelled', expired: 'the reservation expired' };

/** The refunds in these states, added up in cents and shown in dollars. */
const refundsIn = (account: LedgerAccount, states: readonly string[]) =>
  (account.refunds as readonly Refund[]).filter((r) => states.includes(r.state)).reduce((cents, r) => cents + Math.round(r.amount * 100), 0) / 100;

/**
 * One sentence: what is still due and when. A released booking owes nothing
 * and says so, with what came back and what is still to come back (issue 21).
 */
export function dueSentence(account: LedgerAccount): string {
  const released = RELEASED[account.booking.status];
  if (released) {
    const made = refundsIn(account, ['succeeded', 'done']);
    const toCome = refundsIn(account, ['pending', 'owed']);
    const parts = [made > 0 ? `Refunded: ${formatDollars(made)}` : null, toCome > 0 ? `still to be refunded: ${formatDollars(toCome)}` : null].filter(Boolean);
    const refunds = parts.length ? ` ${parts.join('; ').replace(/^s/, 'S')}.` : '';
    return `Nothing is due: ${released}.${refunds}`;
  }
  const live = account.booking.status === 'held' || account.booking.status === 'confirmed';
  if (!live || account.balance <= 0) return 'Nothing is left to pay.';
  const next = account.nextPayment;
  if (account.schedule.length > 0 && next) {
    return `${formatDollars(account.balance)} is left to pay. Next: ${next.label}, ${formatDollars(next.amount)}${
      next.dueDate ? `, due ${formatCalendarDate(next.dueDate)}` : ', due now'
    }.`;
  }
  const by = account.balanceDueDate ? ` by ${formatCalendarDate(account.balanceDueDate)}` : '';
  return `A balance of ${formatDollars(account.balance)} is due${by}.`;
}
