import { useEffect, useMemo, useRef, useState } from 'react';
import { gql, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import { runLabel } from 'api/shared/dates';
import type { AdminBookingsQuery, AdminBookingsQueryVariables, BookingSortField, BookingsTab_BookingFragment, BookingStatus, PaymentStatus, SortDirection } from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { BOOKING_STATUS_LABELS, labelOf, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '../ui/labels';
import { downloadFile, manifestCsv } from './manifest';
import { BookingDetail } from './BookingDetail';
import { PaymentStatusBadge } from '../booking/PaymentStatusBadge';
import { LoadMore } from './LoadMore';
import { useDebouncedValue } from './useDebouncedValue';

/** Booking statuses in the admin's words (the others read as their value: Held, Confirmed...). */
const STATUS_LABELS: Record<string, string> = { needs_attention: 'Needs attention' };

export const BOOKINGS_TAB_FRAGMENT: TypedDocumentNode<BookingsTab_BookingFragment> = gql`
  fragment BookingsTab_booking on Booking {
    id
    reference
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


/**
 * One page of the bookings, filtered and searched on the server (docs/decisions/075);
 * a page fetched with `cursor` extends the list (apollo/client.ts).
 */
export const ADMIN_BOOKINGS_QUERY: TypedDocumentNode<AdminBookingsQuery, AdminBookingsQueryVariables> = gql`
  query AdminBookings(
    $text: String
    $workshopId: ID
    $status: BookingStatus
    $paymentStatus: PaymentStatus
    $from: DateTimeISO
    $to: DateTimeISO
    $sortBy: BookingSortField
    $direction: SortDirection
    $limit: Int!
    $cursor: String
  ) {
    adminBookingPage(
      text: $text
      workshopId: $workshopId
      status: $status
      paymentStatus: $paymentStatus
      from: $from
      to: $to
      sortBy: $sortBy
      direction: $direction
      limit: $limit
      cursor: $cursor
    ) {
      items {
        id
        ...BookingsTab_booking
      }
      nextCursor
      hasMore
      totalCount
      paymentStatusCounts {
        value
        count
      }
      statusCounts {
        value
        count
      }
      workshopCounts {
        value
        count
      }
    }
  }
  ${BOOKINGS_TAB_FRAGMENT}
`;

export const BOOKINGS_PAGE_SIZE = 50;
/** The manifest reads a workshop's bookings in pages this big (the most the API gives). */
const MANIFEST_PAGE_SIZE = 200;
/** The search asks the server once the typing pauses this long. */
export const SEARCH_PAUSE_MS = 300;

/** The filters as chosen in the form ('all': no filter; dates: the admin's calendar days, YYYY-MM-DD, '' for none). */
export interface BookingFilters {
  text: string;
  workshopId: string;
  status: string;
  paymentStatus: string;
  from: string;
  to: string;
}

export const NO_BOOKING_FILTERS: BookingFilters = { text: '', workshopId: 'all', status: 'all', paymentStatus: 'all', from: '', to: '' };

/** Local calendar day → the instant it starts; `to` includes its whole day. */
export function dayStart(day: string, plusDays = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The query's variables for these filters and this sort (the server sorts: docs/decisions/079). */
export function bookingsVariables(f: BookingFilters, extra: Partial<AdminBookingsQueryVariables> = {}, sort: Sort = DEFAULT_SORT): AdminBookingsQueryVariables {
  return {
    text: f.text.trim() || null,
    workshopId: f.workshopId === 'all' ? null : f.workshopId,
    status: f.status === 'all' ? null : (f.status as BookingStatus),
    paymentStatus: f.paymentStatus === 'all' ? null : (f.paymentStatus as PaymentStatus),
    from: dayStart(f.from),
    to: dayStart(f.to, 1),
    sortBy: sort.key as BookingSortField,
    direction: (sort.direction === 'ascending' ? 'asc' : 'desc') as SortDirection,
    limit: BOOKINGS_PAGE_SIZE,
    ...extra,
  };
}

/** Every booking of one workshop, page after page: a manifest needs them all, not the pages on screen. */
async function everyBookingOf(client: ApolloClient, workshopId: string): Promise<BookingsTab_BookingFragment[]> {
  const all: BookingsTab_BookingFragment[] = [];
  let cursor: string | null = null;
  do {
    const variables = bookingsVariables({ ...NO_BOOKING_FILTERS, workshopId }, { limit: MANIFEST_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const { data } = await client.query({ query: ADMIN_BOOKINGS_QUERY, variables, context: { admin: true }, fetchPolicy: 'no-cache' });
    if (!data) throw new Error('The bookings could not be read');
    all.push(...data.adminBookingPage.items);
    cursor = data.adminBookingPage.nextCursor;
  } while (cursor);
  return all;
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export type SortKey = 'name' | 'workshop' | 'spots' | 'status' | 'paid' | 'created';
export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; numeric?: boolean }> = [
  { key: 'name', label: 'Name' },
  { key: 'workshop', label: 'Workshop' },
  { key: 'spots', label: 'Spots', numeric: true },
  { key: 'status', label: 'Status' },
  { key: 'paid', label: 'Paid / total', numeric: true },
  { key: 'created', label: 'Created' },
];

/** How each order reads in the phone's "Sort by" list. */
const SORT_WORDS: Record<SortKey, Record<Sort['direction'], string>> = {
  name: { ascending: 'A to Z', descending: 'Z to A' },
  workshop: { ascending: 'A to Z', descending: 'Z to A' },
  spots: { ascending: 'fewest first', descending: 'most first' },
  status: { ascending: 'A to Z', descending: 'Z to A' },
  paid: { ascending: 'least first', descending: 'most first' },
  created: { ascending: 'oldest first', descending: 'newest first' },
};

/** Newest first. */
export const DEFAULT_SORT: Sort = { key: 'created', direction: 'descending' };

/**
 * The bookings as a compact table, a page at a time from the server (search,
 * run, status, payment status and date filters run there, each choice with its
 * count; docs/decisions/075), sorted by any column on the server (an index per
 * column, the cursor follows the sort: docs/decisions/079), with a CSV manifest per workshop;
 * a booking's name opens its detail view with everything about it, its history
 * and the actions.
 */
export function BookingsTab({
  workshops,
  total,
  onChanged = () => {},
  onError = () => false,
}: {
  /** The runs, named with their dates in the filter and the table. */
  workshops: ReadonlyArray<{ id: string; name: string; dates: string }>;
  /** Every booking, whatever the filters (the tab label's count). */
  total: number;
  /** After an admin action on a booking: reload the dashboard (its totals and counts). */
  onChanged?: () => void;
  /** A failed request or action: true when handled (a 401 logs out). */
  onError?: (e: unknown) => boolean;
}) {
  const client = useApolloClient();
  const [filters, setFilters] = useState<BookingFilters>(NO_BOOKING_FILTERS);
  const { text: query, workshopId, status, paymentStatus, from, to } = filters;
  const text = useDebouncedValue(query, SEARCH_PAUSE_MS);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());

  const { data, previousData, loading, error, fetchMore, refetch } = useQuery(ADMIN_BOOKINGS_QUERY, {
    variables: bookingsVariables({ ...filters, text }, {}, sort),
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);
  // While other filters load, the rows of the last ones stay on screen.
  const page = (data ?? previousData)?.adminBookingPage;
  const bookings = useMemo(() => page?.items ?? [], [page]);
  const set = (change: Partial<BookingFilters>) => setFilters((f) => ({ ...f, ...change }));
  const filtered = query.trim() !== '' || workshopId !== 'all' || status !== 'all' || paymentStatus !== 'all' || from !== '' || to !== '';

  const statuses = useMemo(() => [...new Set([...PAYMENT_STATUSES, ...(page?.paymentStatusCounts ?? []).map((c) => c.value)])], [page]);
  const countIn = (counts: ReadonlyArray<{ value: string; count: number }> | undefined, value: string) => counts?.find((c) => c.value === value)?.count ?? 0;
  const runs = useMemo(() => new Map(workshops.map((w) => [w.id, runLabel(w)])), [workshops]);
  const shown = bookings;

  const exportManifest = async () => {
    if (workshopId === 'all') return;
    setExportError(null);
    try {
      downloadFile(`manifest-${workshopId}.csv`, manifestCsv(await everyBookingOf(client, workshopId), workshopId));
    } catch (e) {
      if (!onError(e)) setExportError('The manifest could not be exported. Try again.');
    }
  };

  const loadMore = () => {
    if (!page?.nextCursor) return;
    fetchMore({ variables: { cursor: page.nextCursor } }).catch((e: unknown) => onError(e));
  };

  const changed = () => {
    onChanged();
    refetch().catch((e: unknown) => onError(e));
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
        runName={runs.get(open.workshopId)}
        onChanged={changed}
        onError={onError}
        onBack={() => {
          setOpenId(null);
          // Back where the admin left: the row's button (after the table renders again).
          setTimeout(() => rowButtons.current.get(open.id)?.focus(), 0);
        }}
      />
    );
  }

  if (!page) {
    return loading ? (
      <Loading>Loading bookings...</Loading>
    ) : (
      <Failure>
        <p>The bookings could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={() => void refetch().catch((e: unknown) => onError(e))}>
          Try again
        </button>
      </Failure>
    );
  }
  if (!filtered && bookings.length === 0) return <Empty>No bookings yet.</Empty>;

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
            onChange={(e) => set({ text: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="booking-workshop">Workshop</label>
          <select id="booking-workshop" className="select" value={workshopId} onChange={(e) => set({ workshopId: e.target.value })}>
            <option value="all">All workshops</option>
            {workshops.map((w) => (
              <option key={w.id} value={w.id}>
                {runLabel(w)} ({countIn(page.workshopCounts, w.id)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="booking-status">Booking status</label>
          <select id="booking-status" className="select" value={status} onChange={(e) => set({ status: e.target.value })}>
            <option value="all">All bookings</option>
            {Object.keys(BOOKING_STATUS_LABELS).map((s) => (
              <option key={s} value={s}>
                {labelOf(BOOKING_STATUS_LABELS, s)} ({countIn(page.statusCounts, s)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="booking-payment">Payment status</label>
          <select id="booking-payment" className="select" value={paymentStatus} onChange={(e) => set({ paymentStatus: e.target.value })}>
            <option value="all">All statuses</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {labelOf(PAYMENT_STATUS_LABELS, s)} ({countIn(page.paymentStatusCounts, s)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="booking-from">Booked from</label>
          <input id="booking-from" className="input" type="date" value={from} max={to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="booking-to">Booked to (inclusive)</label>
          <input id="booking-to" className="input" type="date" value={to} min={from || undefined} onChange={(e) => set({ to: e.target.value })} />
        </div>
        <div className="field admin-sort-phone">
          <label htmlFor="booking-sort">Sort by</label>
          <select
            id="booking-sort"
            className="select"
            value={`${sort.key}:${sort.direction}`}
            onChange={(e) => {
              const [key, direction] = e.target.value.split(':') as [SortKey, Sort['direction']];
              setSort({ key, direction });
            }}
          >
            {COLUMNS.flatMap((c) =>
              (['ascending', 'descending'] as const).map((d) => (
                <option key={`${c.key}:${d}`} value={`${c.key}:${d}`}>
                  {c.label}, {SORT_WORDS[c.key][d]}
                </option>
              )),
            )}
          </select>
        </div>
        {filtered && (
          <div className="admin-filters__buttons">
            <button type="button" className="btn btn--ghost" onClick={() => setFilters(NO_BOOKING_FILTERS)}>
              Clear filters
            </button>
          </div>
        )}
        <div className="admin-filters__export">
          <button type="button" className="btn btn--outline" onClick={() => void exportManifest()} disabled={workshopId === 'all'}>
            Export manifest (CSV)
          </button>
          <span className="field__hint">{workshopId === 'all' ? 'Choose a workshop to export its manifest.' : 'Live bookings: not expired or cancelled.'}</span>
          {exportError && (
            <p role="alert" className="admin-login__error">
              {exportError}
            </p>
          )}
        </div>
      </div>

      <p className="muted" aria-live="polite">
        <span>
          Showing {shown.length} of {total} bookings
        </span>
        {filtered && (
          <span>
            {' '}
            · {page.totalCount} {page.totalCount === 1 ? 'matches' : 'match'} these filters
          </span>
        )}
      </p>

      {shown.length === 0 ? (
        <Empty>No bookings match these filters.</Empty>
      ) : (
        <div className="admin-table__scroll">
          <table className="admin-table admin-bookings stack-table">
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
                  <td data-label="Workshop">{runs.get(b.workshopId) ?? b.workshopName}</td>
                  <td className="admin-table__numeric" data-label="Spots">
                    {b.numParticipants}
                  </td>
                  <td data-label="Status">
                    <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} />
                    {b.status !== 'confirmed' && <span className="admin-table__sub">{labelOf(STATUS_LABELS, b.status)}</span>}
                  </td>
                  <td className="admin-table__numeric admin-table__nowrap" data-label="Paid / total">
                    {formatDollars(b.amountPaid)} / {formatDollars(b.totalAmount)}
                  </td>
                  <td className="admin-table__nowrap" data-label="Created">
                    {dateTime(b.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={page.hasMore} loading={loading} onLoad={loadMore} label="Load more bookings" />
    </div>
  );
}
