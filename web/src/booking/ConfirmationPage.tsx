import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { PageMeta } from '../ui/PageMeta';
import { Empty, Loading } from '../ui/States';
import { BOOKING_CONFIRMATION_QUERY } from './documents';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import '../styles/booking.css';

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
  const pending = b.paymentStatus !== 'paid' && b.paymentStatus !== 'deposit_paid';

  return (
    <div className="container confirmation">
      <PageMeta title="Booking Confirmed" />
      <div className="card confirmation__card">
        <div className="card__body">
          <div className="confirmation__icon" aria-hidden="true">
            ✓
          </div>
          <h1>Booking Confirmed</h1>
          <p className="lead">
            Thank you, {b.customerName}. Your place on <strong>{b.workshopName}</strong> is reserved.
          </p>
          <dl className="facts confirmation__facts">
            <div>
              <dt>Booking ID</dt>
              <dd data-testid="booking-id">{b.id}</dd>
            </div>
            <div>
              <dt>Payment status</dt>
              <dd>
                <PaymentStatusBadge status={b.paymentStatus} />
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
              <dd>{b.numParticipants}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd data-testid="total-amount">{formatDollars(b.totalAmount)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd data-testid="amount-paid">{formatDollars(b.amountPaid)}</dd>
            </div>
          </dl>
          {pending && (
            <p className="notice confirmation__note">
              Your spots are held while we arrange payment. We will email {b.customerEmail} within 24 hours with payment details
              ({formatDollars(b.amountDueNow)} due now).
            </p>
          )}
          <p className="muted">Keep your booking ID: it is the key to this page.</p>
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
