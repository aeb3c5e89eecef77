import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { PageMeta } from '../ui/PageMeta';
import { GIFT_CARD_PURCHASE_QUERY } from './documents';
import '../styles/booking.css';

/** /gift-cards/thanks?session_id=…: back from Checkout; polls until the card is paid (the webhook may be late). */
export default function GiftCardThanksPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { data, error } = useQuery(GIFT_CARD_PURCHASE_QUERY, { variables: { sessionId }, skip: !sessionId, pollInterval: 2000, fetchPolicy: 'network-only' });
  const p = data?.giftCardPurchase;
  const paid = p?.state === 'active';
  return (
    <div className="container manage">
      <PageMeta title="Gift card" />
      <div className="card">
        <div className="card__body stack" aria-live="polite">
          {!sessionId || error ? (
            <>
              <h1>Gift card</h1>
              <p className="notice notice--error">We could not find this purchase. If you were charged, your receipt is in your email; otherwise please try again.</p>
            </>
          ) : paid ? (
            <>
              <h1>Thank you!</h1>
              <p className="notice notice--success" role="status">{`Your gift card of ${formatDollars(p.amount)} is paid. We email it to ${p.recipientName} on ${p.deliverOn}, and your receipt is on its way.`}</p>
            </>
          ) : (
            <>
              <h1>Processing Payment...</h1>
              <p>Please wait while we confirm your payment</p>
            </>
          )}
          <p>
            <Link to="/workshops">Browse the workshops</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
