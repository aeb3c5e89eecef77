import { useMemo, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import type { BookingsTab_BookingFragment } from '../gql/graphql';
import { Empty } from '../ui/States';
import { BOOKING_STATUS_LABELS, labelOf, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '../ui/labels';
import { PaymentStatusBadge } from '../booking/PaymentStatusBadge';
import { downloadFile, manifestCsv } from './manifest';
import { BookingActions } from './BookingActions';
import { BookingMoneyPanel } from './BookingMoneyPanel';

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
    amountPaid
    amountRefunded
    balance
    paymentStatus
    status
    createdAt
  }
`;


const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '–' : v);

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

/** Every booking (newest first, as the server sends them), searchable and filterable, with a CSV manifest per workshop. */
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

  const statuses = useMemo(() => [...new Set([...PAYMENT_STATUSES, ...bookings.map((b) => b.paymentStatus)])], [bookings]);
  const shown = useMemo(
    () =>
      bookings.filter(
        (b) => (workshopId === 'all' || b.workshopId === workshopId) && (paymentStatus === 'all' || b.paymentStatus === paymentStatus) && matches(b, query.trim()),
      ),
    [bookings, workshopId, paymentStatus, query],
  );

  const exportManifest = () => {
    if (workshopId === 'all') return;
    downloadFile(`manifest-${workshopId}.csv`, manifestCsv(bookings, workshopId));
  };

  if (bookings.length === 0) return <Empty>No bookings yet.</Empty>;

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
        <ul className="admin-list">
          {shown.map((b) => (
            <li key={b.id}>
              <article className="card admin-booking" aria-label={`Booking of ${b.customerName}`}>
                <div className="card__body">
                  <header className="admin-booking__header">
                    <div>
                      <h3 className="admin-booking__name">{b.customerName}</h3>
                      <p className="muted">
                        {b.workshopName} · booked {dateTime(b.createdAt)}
                      </p>
                    </div>
                    <div className="admin-booking__money">
                      <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} />
                      <span>
                        {formatDollars(b.amountPaid)} paid of {formatDollars(b.totalAmount)}
                        {b.amountRefunded > 0 && `, ${formatDollars(b.amountRefunded)} refunded`}
                      </span>
                    </div>
                  </header>
                  <dl className="facts admin-booking__facts">
                    <Fact term="Email" value={b.customerEmail} />
                    <Fact term="Phone" value={b.customerPhone} />
                    <Fact term="Participants" value={b.numParticipants} />
                    <Fact term="Spouses/partners" value={b.numSpouses} />
                    <Fact term="Room" value={labelOf({}, b.roomType)} />
                    <Fact term="Payment option" value={labelOf({ payment_plan: `Payment plan${b.installments ? ` (${b.installments} installments)` : ''}` }, b.paymentOption)} />
                    <Fact term="Age" value={b.age} />
                    <Fact term="Experience" value={labelOf({}, b.experienceLevel)} />
                    <Fact term="Camera body" value={b.cameraBody} />
                    <Fact term="Lenses" value={b.lenses} />
                    <Fact term="Other equipment" value={b.otherEquipment} />
                    <Fact term="Health concerns" value={b.healthConcerns} />
                    <Fact term="Dietary restrictions" value={b.dietaryRestrictions} />
                    <Fact term="Trip goals" value={b.tripGoals} />
                    <Fact term="Special requests" value={b.specialRequests} />
                    <Fact term="Emergency contact" value={`${b.emergencyContactName} · ${b.emergencyContactPhone} · ${b.emergencyContactEmail}`} />
                    <Fact term="Booking status" value={labelOf(BOOKING_STATUS_LABELS, b.status)} />
                    <Fact term="Booking id" value={b.id} />
                  </dl>
                  <BookingActions booking={b} onChanged={onChanged} onError={onError} />
                  <MoneyDisclosure bookingId={b.id} customerName={b.customerName} onChanged={onChanged} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The booking's money (payments, refunds, schedule and the money actions), loaded
 * only when opened. Until the bookings table with its detail view lands, it lives
 * in the booking card behind this button.
 */
function MoneyDisclosure({ bookingId, customerName, onChanged }: { bookingId: string; customerName: string; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = `money-${bookingId}`;
  return (
    <div className="admin-booking__money-disclosure">
      <button
        type="button"
        className="btn btn--outline btn--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide money' : 'Money'}
        <span className="visually-hidden"> of the booking of {customerName}</span>
      </button>
      {open && (
        <div id={panelId}>
          <BookingMoneyPanel bookingId={bookingId} onChanged={onChanged} />
        </div>
      )}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string | number | null | undefined }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{orDash(value)}</dd>
    </div>
  );
}
