import { useMemo, useRef, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import type { BookingsTab_BookingFragment } from '../gql/graphql';
import { Empty } from '../ui/States';
import { labelOf, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '../ui/labels';
import { downloadFile, manifestCsv } from './manifest';
import { BookingDetail } from './BookingDetail';
import { PaymentStatusBadge } from '../booking/PaymentStatusBadge';

/** Booking statuses in the admin's words (the others read as their value: Held, Confirmed...). */
const STATUS_LABELS: Record<string, string> = { needs_attention: 'Needs attention' };

export const BOOKINGS_TAB_FRAGMENT: TypedDocumentNode<BookingsTab_BookingFragment> = gql`
  fragment BookingsTab_booking on Booking {
    id
    workshopId
    workshopName
    customerName
    customerEmail
    customerPhone
    numParticipants
    roomType
    numSpouses
    paymentOption
    installments
    specialRequests
    age
    experienceLevel
    cameraBody
    lenses
    otherEquipment
    healthConcerns
    dietaryRestrictions
    tripGoals
    emergencyContactName
    emergencyContactPhone
    emergencyContactEmail
    totalAmount
    amountDueNow
    amountPaid
    amountRefunded
    balance
    paymentStatus
    status
    holdExpiresAt
    createdAt
  }
`;


const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function matches(b: BookingsTab_BookingFragment, query: string): boolean {
  if (!query) return true;
  const haystack = [b.id, b.customerName, b.customerEmail, b.customerPhone, b.workshopName, b.emergencyContactName, b.cameraBody]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

type Booking = BookingsTab_BookingFragment;
export type SortKey = 'name' | 'workshop' | 'spots' | 'status' | 'paid' | 'created';
export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const text = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' });
const COMPARE: Record<SortKey, (a: Booking, b: Booking) => number> = {
  name: (a, b) => text(a.customerName, b.customerName),
  workshop: (a, b) => text(a.workshopName, b.workshopName),
  spots: (a, b) => a.numParticipants - b.numParticipants,
  status: (a, b) => text(labelOf(PAYMENT_STATUS_LABELS, a.paymentStatus), labelOf(PAYMENT_STATUS_LABELS, b.paymentStatus)) || text(a.status, b.status),
  paid: (a, b) => a.amountPaid - b.amountPaid || a.totalAmount - b.totalAmount,
  created: (a, b) => a.createdAt.localeCompare(b.createdAt),
};

/** Sorted copy; ties keep the server's order (newest first), so the order is stable. */
export function sortBookings(bookings: ReadonlyArray<Booking>, sort: Sort): Booking[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return bookings
    .map((b, i) => [b, i] as const)
    .sort(([a, i], [b, j]) => sign * COMPARE[sort.key](a, b) || i - j)
    .map(([b]) => b);
}

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric?: boolean }> = [
  { key: 'name', label: 'Name' },
  { key: 'workshop', label: 'Workshop' },
  { key: 'spots', label: 'Spots', numeric: true },
  { key: 'status', label: 'Status' },
  { key: 'paid', label: 'Paid / total', numeric: true },
  { key: 'created', label: 'Created' },
];

/** Newest first, as the server sends them. */
const DEFAULT_SORT: Sort = { key: 'created', direction: 'descending' };

/**
 * Every booking as a compact table (sortable by any column, searchable and
 * filterable, with a CSV manifest per workshop); a booking's name opens its
 * detail view with everything about it, its history and the actions.
 */
export function BookingsTab({
  bookings,
  workshops,
  onChanged = () => {},
  onError = () => false,
}: {
  bookings: ReadonlyArray<BookingsTab_BookingFragment>;
  workshops: ReadonlyArray<{ id: string; name: string }>;
  /** After an admin action on a booking: reload the dashboard. */
  onChanged?: () => void;
  /** A failed action: true when handled (a 401 logs out). */
  onError?: (e: unknown) => boolean;
}) {
  const [query, setQuery] = useState('');
  const [workshopId, setWorkshopId] = useState('all');
  const [paymentStatus, setPaymentStatus] = useState('all');
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [openId, setOpenId] = useState<string | null>(null);
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());

  const statuses = useMemo(() => [...new Set([...PAYMENT_STATUSES, ...bookings.map((b) => b.paymentStatus)])], [bookings]);
  const shown = useMemo(
    () =>
      sortBookings(
        bookings.filter(
          (b) => (workshopId === 'all' || b.workshopId === workshopId) && (paymentStatus === 'all' || b.paymentStatus === paymentStatus) && matches(b, query.trim()),
        ),
        sort,
      ),
    [bookings, workshopId, paymentStatus, query, sort],
  );

  const exportManifest = () => {
    if (workshopId === 'all') return;
    downloadFile(`manifest-${workshopId}.csv`, manifestCsv(bookings, workshopId));
  };

  const sortBy = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'created' || key === 'paid' ? 'descending' : 'ascending' },
    );

  const open = bookings.find((b) => b.id === openId);
  if (open) {
    return (
      <BookingDetail
        key={open.id}
        booking={open}
        onChanged={onChanged}
        onError={onError}
        onBack={() => {
          setOpenId(null);
          // Back where the admin left: the row's button (after the table renders again).
          setTimeout(() => rowButtons.current.get(open.id)?.focus(), 0);
        }}
      />
    );
  }

  if (bookings.length === 0) return <Empty>No bookings yet.</Empty>;

  const sortColumn = COLUMNS.find((c) => c.key === sort.key)!;

  return (
    <div className="stack">
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="booking-search">Search bookings</label>
          <input
            id="booking-search"
            className="input"
            type="search"
            placeholder="Name, email, phone or booking id"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="booking-workshop">Workshop</label>
          <select id="booking-workshop" className="select" value={workshopId} onChange={(e) => setWorkshopId(e.target.value)}>
            <option value="all">All workshops</option>
            {workshops.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="booking-payment">Payment status</label>
          <select id="booking-payment" className="select" value={paymentStatus} onChange={(e) => setPaymentStatus(e.target.value)}>
            <option value="all">All statuses</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {labelOf(PAYMENT_STATUS_LABELS, s)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__export">
          <button type="button" className="btn btn--outline" onClick={exportManifest} disabled={workshopId === 'all'}>
            Export manifest (CSV)
          </button>
          <span className="field__hint">{workshopId === 'all' ? 'Choose a workshop to export its manifest.' : 'Live bookings: not expired or cancelled.'}</span>
        </div>
      </div>

      <p className="muted" aria-live="polite">
        Showing {shown.length} of {bookings.length} bookings
      </p>

      {shown.length === 0 ? (
        <Empty>No bookings match these filters.</Empty>
      ) : (
        <div className="admin-table__scroll">
          <table className="admin-table admin-bookings">
            <caption className="visually-hidden">
              Bookings, sorted by {sortColumn.label.toLowerCase()}, {sort.direction}. Choose a name to see the booking.
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.key} scope="col" aria-sort={sort.key === c.key ? sort.direction : undefined} className={c.numeric ? 'admin-table__numeric' : undefined}>
                    <button type="button" className="admin-table__sort" onClick={() => sortBy(c.key)}>
                      {c.label}
                      <span aria-hidden="true" className="admin-table__arrow">
                        {sort.key === c.key ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((b) => (
                <tr key={b.id}>
                  <th scope="row">
                    <button
                      type="button"
                      className="admin-table__open"
                      ref={(el) => {
                        if (el) rowButtons.current.set(b.id, el);
                        else rowButtons.current.delete(b.id);
                      }}
                      onClick={() => setOpenId(b.id)}
                    >
                      {b.customerName}
                    </button>
                    <span className="admin-table__sub">{b.customerEmail}</span>
                  </th>
                  <td>{b.workshopName}</td>
                  <td className="admin-table__numeric">{b.numParticipants}</td>
                  <td>
                    <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} />
                    {b.status !== 'confirmed' && <span className="admin-table__sub">{labelOf(STATUS_LABELS, b.status)}</span>}
                  </td>
                  <td className="admin-table__numeric admin-table__nowrap">
                    {formatDollars(b.amountPaid)} / {formatDollars(b.totalAmount)}
                  </td>
                  <td className="admin-table__nowrap">{dateTime(b.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
