import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { formatIsoDate, POLICY } from 'api/shared/policy';
import type { BookingConfirmationQuery } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { Empty, Loading } from '../ui/States';
import { formatExactTime } from '../ui/time';
import { BOOKING_CONFIRMATION_QUERY } from './documents';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { partyText } from './party';
import '../styles/booking.css';

type Booking = NonNullable<BookingConfirmationQuery['booking']>;

interface Outcome {
  title: string;
  icon: string;
  tone: 'success' | 'warning' | 'muted';
  lead: ReactNode;
  /** What happens next, or what to do. */
  next: ReactNode;
}

/** The payment a reservation waits for, in words: "30% deposit of $2,321.25". */
function firstPaymentText(b: Booking): string {
  const amount = formatDollars(b.amountDueNow);
  if (b.paymentOption === 'full') return `payment in full of ${amount}`;
  if (b.paymentOption === 'payment_plan') return `first installment${b.installments ? ` (of ${b.installments})` : ''} of ${amount}`;
  return `${POLICY.depositPercent}% deposit of ${amount}`;
}

/** What is left on a confirmed booking, by when and how it is paid (issue 21). */
function balanceText(b: Booking): string {
  const by = b.balanceDueDate ? formatIsoDate(b.balanceDueDate) : null;
  const what =
    b.paymentOption === 'payment_plan'
      ? `${formatDollars(b.balance)} is left to pay in monthly installments${by ? `, the last by ${by}` : ''}.`
      : `${formatDollars(b.balance)} is left to pay${by ? ` by ${by},` : ','} ${POLICY.balanceDueDaysBefore} days before the workshop starts.`;
  // The plan's installments are charged to the saved card; other balances are paid from the manage link.
  if (b.paymentOption === 'payment_plan' && b.paysOnline) return `${what} They are charged to the card you paid with.`;
  return b.paysOnline
    ? `${what} You can pay it online from your personal “Manage your booking” link.`
    : `${what} We will contact you at ${b.customerEmail} to arrange the payment.`;
}

/** A reservation: nothing paid yet, what is due first, how, and until when the spots are held. */
function reservationText(b: Booking): string {
  const until = b.holdExpiresAt ? formatExactTime(new Date(b.holdExpiresAt)) : null;
  if (b.paysOnline) {
    return `Nothing has been paid yet: your spots are held${until ? ` until ${until}` : ''} for your ${firstPaymentText(b)} by card; after that they are released.`;
  }
  return `Nothing has been paid yet: we will contact you at ${b.customerEmail} within ${POLICY.responseTimeHours} hours to arrange your ${firstPaymentText(b)}${
    until ? `; your spots are held until ${until}` : '; your spots stay held meanwhile'
  }.`;
}

/** The one line under the facts that says what is still due and how (issue 21). */
function DueLine({ children, tone = 'notice' }: { children: ReactNode; tone?: 'notice' | 'plain' }) {
  return (
    <p className={tone === 'notice' ? 'notice confirmation__note' : 'confirmation__note'} data-testid="due-line">
      {children}
    </p>
  );
}

/**
 * The heading and next step a booking's state gives: "Booking Confirmed" for
 * every booking that holds its spots (spec section 2: paid, part-paid, or
 * reserved while no payment provider runs, issue 21), with the payment status
 * beside it saying how far the money is. Released bookings keep their own
 * headings. The page cannot know whether the site sends mail, so it never
 * says that one is on its way.
 */
function outcomeOf(b: Booking): Outcome {
  switch (b.status) {
    case 'confirmed':
      return {
        title: 'Booking Confirmed',
        icon: '✓',
        tone: 'success',
        lead: (
          <>
            Thank you, {b.customerName}. Your place on <strong>{b.workshopName}</strong> is reserved.
          </>
        ),
        next: b.balance > 0 ? <DueLine>{balanceText(b)}</DueLine> : <DueLine>Nothing is left to pay: the booking is paid in full.</DueLine>,
      };
    case 'held':
      return {
        title: 'Booking Confirmed',
        icon: '✓',
        tone: 'success',
        lead: (
          <>
            Thank you, {b.customerName}. Your spots on <strong>{b.workshopName}</strong> are held for you.
          </>
        ),
        next: <DueLine>{reservationText(b)}</DueLine>,
      };
    case 'expired':
      return {
        title: 'Reservation Expired',
        icon: '⏱',
        tone: 'muted',
        lead: (
          <>
            The reservation on <strong>{b.workshopName}</strong> lapsed before it was paid, so its spots were released. Nothing was charged.
          </>
        ),
        next: (
          <p className="confirmation__note">
            <Link to={`/booking/${b.workshopId}`} className="btn btn--primary">
              Book again
            </Link>
          </p>
        ),
      };
    case 'cancelled':
      return {
        title: 'Booking Cancelled',
        icon: '✕',
        tone: 'muted',
        lead: (
          <>
            The booking of {b.customerName} on <strong>{b.workshopName}</strong> is cancelled and its spots were released.
          </>
        ),
        next: (
          <DueLine>
            Nothing is due: the booking is cancelled.{' '}
            {b.amountRefunded > 0
              ? `${formatDollars(b.amountRefunded)} is refunded. Refunds reach your account within ${POLICY.refundBusinessDays} business days.`
              : b.amountPaid > 0
                ? 'No refund was due under the cancellation policy.'
                : 'Nothing was charged.'}
          </DueLine>
        ),
      };
    default:
      return {
        title: 'Payment Received – We’ll Be in Touch',
        icon: '!',
        tone: 'warning',
        lead: (
          <>
            Thank you, {b.customerName}. Your payment for <strong>{b.workshopName}</strong> arrived after the reservation had lapsed, and its spots were taken
            meanwhile.
          </>
        ),
        next: (
          <p className="notice confirmation__note">
            We will contact you at {b.customerEmail} within {POLICY.responseTimeHours} hours to move your booking to another date or refund it in full.
          </p>
        ),
      };
  }
}

export default function ConfirmationPage() {
  const { bookingId = '' } = useParams();
  const { data, loading, error } = useQuery(BOOKING_CONFIRMATION_QUERY, { variables: { id: bookingId }, fetchPolicy: 'cache-and-network' });
  if (error) console.warn('Failed to load booking', error);

  if (loading && !data) return <Loading>Loading your booking...</Loading>;
  const b = data?.booking;
  if (!b) {
    return (
      <div className="container">
        <PageMeta title="Not found" />
        <Empty>
          <h1>Not found</h1>
          <p>
            We could not find this booking. <Link to="/workshops">Browse workshops</Link>
          </p>
        </Empty>
      </div>
    );
  }
  const outcome = outcomeOf(b);

  return (
    <div className="container confirmation">
      <PageMeta title={outcome.title} />
      <div className="card confirmation__card">
        <div className="card__body">
          <div className={`confirmation__icon confirmation__icon--${outcome.tone}`} aria-hidden="true">
            {outcome.icon}
          </div>
          <h1>{outcome.title}</h1>
          <p className="lead">{outcome.lead}</p>
          <dl className="facts confirmation__facts">
            {b.reference && (
              <div>
                <dt>Booking reference</dt>
                <dd data-testid="booking-reference">{b.reference}</dd>
              </div>
            )}
            <div>
              <dt>Booking ID</dt>
              <dd data-testid="booking-id">{b.id}</dd>
            </div>
            <div>
              <dt>Payment status</dt>
              <dd>
                <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} />
              </dd>
            </div>
            <div>
              <dt>Workshop</dt>
              <dd>{b.workshopName}</dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>{b.customerName}</dd>
            </div>
            <div>
              <dt>Participants</dt>
              <dd data-testid="party">{partyText(b.numParticipants, b.numSpouses)}</dd>
            </div>
            {b.discount > 0 && (
              <div>
                <dt>Discount{b.promoCode ? ` (${b.promoCode})` : ''}</dt>
                <dd data-testid="discount-amount">-{formatDollars(b.discount)}</dd>
              </div>
            )}
            <div>
              <dt>Total</dt>
              <dd data-testid="total-amount">{formatDollars(b.totalAmount)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd data-testid="amount-paid">{formatDollars(b.amountPaid)}</dd>
            </div>
            {b.amountRefunded > 0 && (
              <div>
                <dt>Refunded</dt>
                <dd data-testid="amount-refunded">{formatDollars(b.amountRefunded)}</dd>
              </div>
            )}
          </dl>
          {outcome.next}
          <p className="muted">Keep this page&rsquo;s address: it is your booking. Quote your booking reference when you write to us.</p>
          <div className="confirmation__actions">
            <Link to="/workshops" className="btn btn--primary">
              Browse Workshops
            </Link>
            <Link to="/" className="btn btn--outline">
              Back to Home
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
