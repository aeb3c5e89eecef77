import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { formatCents } from '@shared/money';
import { BRAND } from '@shared/brand';
import { PageMeta } from '../ui/PageMeta';
import { usePaymentStatus } from './usePaymentStatus';
import '../styles/booking.css';

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  if (!sessionId) return <Navigate to="/workshops" replace />;
  return <PaymentResult sessionId={sessionId} />;
}

function PaymentResult({ sessionId }: { sessionId: string }) {
  const state = usePaymentStatus(sessionId);
  const navigate = useNavigate();

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
            <>
              <div className="payment-result__icon payment-result__icon--success" aria-hidden="true">
                ✓
              </div>
              <h1>Payment Successful!</h1>
              <p className="lead">Your booking is confirmed</p>
              {state.amountTotal !== null && (
                <p className="payment-result__amount">
                  Amount paid: <strong data-testid="amount-paid">{formatCents(state.amountTotal)}</strong>
                </p>
              )}
              <p className="muted">A confirmation is on its way to your inbox.</p>
              <div className="payment-result__actions">
                <button type="button" className="btn btn--primary" onClick={() => navigate('/workshops')}>
                  Browse More Workshops
                </button>
                <button type="button" className="btn btn--outline" onClick={() => navigate('/')}>
                  Back to Home
                </button>
              </div>
            </>
          )}

          {state.kind === 'error' && (
            <>
              <div className="payment-result__icon payment-result__icon--error" aria-hidden="true">
                !
              </div>
              <h1>Payment Error</h1>
              <p className="lead">There was an issue processing your payment</p>
              <div className="payment-result__actions">
                <button type="button" className="btn btn--primary" onClick={() => navigate('/workshops')}>
                  Try Again
                </button>
              </div>
            </>
          )}

          {state.kind === 'expired' && (
            <>
              <div className="payment-result__icon payment-result__icon--warning" aria-hidden="true">
                ⏱
              </div>
              <h1>Payment Session Expired</h1>
              <p className="lead">The time to complete this payment ran out, so nothing was charged and the reserved spots were released.</p>
              <div className="payment-result__actions">
                <button type="button" className="btn btn--primary" onClick={() => navigate('/workshops')}>
                  Book Again
                </button>
              </div>
            </>
          )}

          {state.kind === 'timeout' && (
            <>
              <div className="payment-result__icon payment-result__icon--warning" aria-hidden="true">
                …
              </div>
              <h1>Still Confirming Your Payment</h1>
              <p className="lead">
                We have not received confirmation from the payment provider yet. If you completed the payment, there is nothing more to
                do: your booking will be confirmed as soon as it arrives and we will email you.
              </p>
              <p>
                Questions? Write to <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a> or <Link to="/contact">contact us</Link>.
              </p>
              <div className="payment-result__actions">
                <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
                  Check Again
                </button>
                <button type="button" className="btn btn--outline" onClick={() => navigate('/')}>
                  Back to Home
                </button>
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
