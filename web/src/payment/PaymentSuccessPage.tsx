import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { formatCents } from 'api/shared/money';
import { BRAND } from 'api/shared/brand';
import { PageMeta } from '../ui/PageMeta';
import { bookingOfSession } from './checkoutMemory';
import { usePaymentStatus } from './usePaymentStatus';
import '../styles/booking.css';

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  if (!sessionId) return <Navigate to="/workshops" replace />;
  return <PaymentResult sessionId={sessionId} />;
}

/** One outcome of the payment: an icon, a heading, a lead sentence, details and the way on. */
function Outcome(props: { tone: 'success' | 'error' | 'warning'; icon: string; title: string; lead: string; children?: ReactNode; actions: ReactNode }) {
  return (
    <>
      <div className={`payment-result__icon payment-result__icon--${props.tone}`} aria-hidden="true">
        {props.icon}
      </div>
      <h1>{props.title}</h1>
      <p className="lead">{props.lead}</p>
      {props.children}
      <div className="payment-result__actions">{props.actions}</div>
    </>
  );
}

function PaymentResult({ sessionId }: { sessionId: string }) {
  const state = usePaymentStatus(sessionId);
  const bookingId = bookingOfSession(sessionId);
  const navigate = useNavigate();
  const button = (label: string, onClick: () => void, primary = true) => (
    <button type="button" className={`btn ${primary ? 'btn--primary' : 'btn--outline'}`} onClick={onClick}>
      {label}
    </button>
  );
  const home = button('Back to Home', () => navigate('/'), false);

  return (
    <div className="container payment-result">
      <PageMeta title="Payment" />
      <div className="card payment-result__card" aria-live="polite">
        <div className="card__body">
          {state.kind === 'checking' && (
            <div role="status">
              <div className="spinner" aria-hidden="true" />
              <h1>Processing Payment...</h1>
              <p>Please wait while we confirm your payment</p>
            </div>
          )}

          {state.kind === 'success' && (
            <Outcome
              tone="success"
              icon="✓"
              title="Payment Successful!"
              lead="Your booking is confirmed"
              actions={
                <>
                  {button('Browse More Workshops', () => navigate('/workshops'))}
                  {home}
                </>
              }
            >
              <dl className="facts payment-result__facts">
                {state.workshopName && (
                  <div>
                    <dt>Workshop</dt>
                    <dd data-testid="paid-workshop">{state.workshopName}</dd>
                  </div>
                )}
                {state.workshopDates && (
                  <div>
                    <dt>Dates</dt>
                    <dd>{state.workshopDates}</dd>
                  </div>
                )}
                {state.amountTotal !== null && (
                  <div className="payment-result__amount">
                    <dt>Amount paid</dt>
                    <dd data-testid="amount-paid">{formatCents(state.amountTotal)}</dd>
                  </div>
                )}
                {state.bookingReference && (
                  <div>
                    <dt>Booking reference</dt>
                    <dd data-testid="booking-reference">{state.bookingReference}</dd>
                  </div>
                )}
              </dl>
              {state.confirmationMailSent && <p data-testid="mail-note">A confirmation email is on its way to you.</p>}
              {bookingId ? (
                <p>
                  <Link to={`/confirmation/${bookingId}`}>View your booking</Link>: keep that page&rsquo;s address, it is your booking.
                </p>
              ) : (
                <p className="muted">Keep your booking ID: your booking&rsquo;s page shows what you paid and what is left.</p>
              )}
            </Outcome>
          )}

          {state.kind === 'error' && (
            <Outcome
              tone="error"
              icon="!"
              title="Payment Error"
              lead="There was an issue processing your payment"
              actions={button('Try Again', () => navigate('/workshops'))}
            />
          )}

          {state.kind === 'expired' && (
            <Outcome
              tone="warning"
              icon="⏱"
              title="Payment Session Expired"
              lead="The time to complete this payment ran out, so nothing was charged and the reserved spots were released."
              actions={button('Book Again', () => navigate('/workshops'))}
            />
          )}

          {state.kind === 'timeout' && (
            <Outcome
              tone="warning"
              icon="…"
              title="Still Confirming Your Payment"
              lead="We have not received confirmation from the payment provider yet. If you completed the payment, there is nothing more to do: your booking will be confirmed as soon as it arrives."
              actions={
                <>
                  {button('Check Again', () => window.location.reload())}
                  {home}
                </>
              }
            >
              <p>
                Questions? Write to <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a> or <Link to="/contact">contact us</Link>.
              </p>
            </Outcome>
          )}
        </div>
      </div>
    </div>
  );
}
