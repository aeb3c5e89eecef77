import { useEffect, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import type { BookingsTab_BookingFragment } from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { labelOf, paymentStatusLabel } from '../ui/labels';
import { formatExactTime } from '../ui/time';
import { ActivityTable, ADMIN_ACTIVITY_QUERY } from './ActivityTab';
import { BookingActions } from './BookingActions';
import { isLiveStatus } from 'api/shared/booking-status';
import { PaymentStatusBadge } from '../booking/PaymentStatusBadge';
import { BookingMoneyPanel } from './BookingMoneyPanel';

/** Booking statuses in the admin's words (the others read as their value: Held, Confirmed...). */
const STATUS_LABELS: Record<string, string> = { needs_attention: 'Needs attention' };

/** In the admin's own time zone, named. */
const dateTime = (iso: string) => formatExactTime(new Date(iso));
const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '–' : v);

function Fact({ term, value }: { term: string; value: string | number | null | undefined }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{orDash(value)}</dd>
    </div>
  );
}

/** The booking's audit trail, newest first (docs/decisions/060). */
function useBookingHistory(bookingId: string, onError: (e: unknown) => boolean) {
  const result = useQuery(ADMIN_ACTIVITY_QUERY, {
    variables: { bookingId, limit: 200 },
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
  });
  const { error } = result;
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);
  return result;
}

function BookingHistory({ bookingId, history }: { bookingId: string; history: ReturnType<typeof useBookingHistory> }) {
  const { data, loading, refetch } = history;
  const page = data?.adminActivity;
  if (!page) {
    return loading ? (
      <Loading>Loading history...</Loading>
    ) : (
      <Failure>
        <p>The history could not be loaded.</p>
        <button type="button" className="btn btn--outline btn--small" onClick={() => void refetch().catch(() => {})}>
          Try again
        </button>
      </Failure>
    );
  }
  if (page.entries.length === 0) return <Empty>Nothing recorded for this booking yet.</Empty>;
  return <ActivityTable entries={page.entries} caption={`History of booking ${bookingId}, newest first`} />;
}

/**
 * One booking in full: every participant field, the money as known today,
 * its history from the audit log and the admin's actions.
 */
export function BookingDetail({
  booking: b,
  onBack,
  onChanged,
  onError,
  runName,
}: {
  booking: BookingsTab_BookingFragment;
  /** The run named with its dates (api/shared/dates runLabel); the booking's workshop name otherwise. */
  runName?: string;
  /** Back to the table (focus returns to this booking's row). */
  onBack: () => void;
  onChanged: () => void;
  onError: (e: unknown) => boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const history = useBookingHistory(b.id, onError);
  const changed = () => {
    onChanged();
    // The action left an audit entry: show it.
    history.refetch().catch((e: unknown) => onError(e));
  };

  return (
    <section className="stack admin-booking-detail" aria-labelledby="booking-detail-heading">
      <div>
        <button type="button" className="btn btn--ghost btn--small" onClick={onBack}>
          <span aria-hidden="true">← </span>All bookings
        </button>
      </div>
      <header className="admin-booking__header">
        <div>
          <h2 id="booking-detail-heading" ref={heading} tabIndex={-1} className="admin-booking__name">
            Booking of {b.customerName}
          </h2>
          <p className="muted">
            {b.reference && (
              <>
                <span data-testid="admin-booking-reference">{b.reference}</span> ·{' '}
              </>
            )}
            {runName ?? b.workshopName} · booked {dateTime(b.createdAt)}
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

      <section aria-labelledby="booking-detail-participant">
        <h3 id="booking-detail-participant">Participant</h3>
        <dl className="facts admin-booking__facts">
          <Fact term="Name" value={b.customerName} />
          <Fact term="Email" value={b.customerEmail} />
          <Fact term="Phone" value={b.customerPhone} />
          <Fact term="Participants" value={b.numParticipants} />
          <Fact term="Spouses/partners" value={b.numSpouses} />
          <Fact term="Room" value={labelOf({}, b.roomType)} />
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
        </dl>
      </section>

      <section aria-labelledby="booking-detail-payments">
        <h3 id="booking-detail-payments">Payments</h3>
        <dl className="facts admin-booking__facts">
          <Fact term="Booking status" value={labelOf(STATUS_LABELS, b.status)} />
          <Fact term="Payment status" value={paymentStatusLabel(b.paymentStatus, b.paymentOption)} />
          <Fact term="Payment option" value={labelOf({ payment_plan: `Payment plan${b.installments ? ` (${b.installments} installments)` : ''}` }, b.paymentOption)} />
          <Fact term="Total" value={formatDollars(b.totalAmount)} />
          <Fact term="Due at booking" value={formatDollars(b.amountDueNow)} />
          <Fact term="Paid" value={formatDollars(b.amountPaid)} />
          <Fact term="Refunded" value={formatDollars(b.amountRefunded)} />
          <Fact term="Balance" value={formatDollars(b.balance)} />
          <Fact term="Hold expires" value={b.holdExpiresAt ? dateTime(b.holdExpiresAt) : null} />
          <Fact term="Booking id" value={b.id} />
        </dl>
        <BookingMoneyPanel bookingId={b.id} onChanged={changed} />
      </section>

      <section aria-labelledby="booking-detail-actions">
        <h3 id="booking-detail-actions">Actions</h3>
        <BookingActions booking={b} onChanged={changed} onError={onError} />
        {!isLiveStatus(b.status) && <p className="muted">No actions: this booking is {labelOf(STATUS_LABELS, b.status).toLowerCase()}.</p>}
      </section>

      <section aria-labelledby="booking-detail-history">
        <h3 id="booking-detail-history">History</h3>
        <BookingHistory bookingId={b.id} history={history} />
      </section>
    </section>
  );
}
