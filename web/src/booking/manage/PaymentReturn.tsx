import { useEffect } from 'react';
import { usePaymentStatus } from '../../payment/usePaymentStatus';
import { useFocusWhen } from './useFocusWhen';
import { sessionKey, writeSession } from './manageSession';

/** Back from the payment page: confirm the payment (the same status poll as /payment-success), then reload the booking. */
export function PaymentReturn({ sessionId, bookingId, onConfirmed }: { sessionId: string | null; bookingId: string; onConfirmed: () => void }) {
  if (!sessionId) return <ReturnNotice onShown={onConfirmed} bookingId={bookingId} />;
  return <PolledReturn sessionId={sessionId} bookingId={bookingId} onConfirmed={onConfirmed} />;
}

function PolledReturn({ sessionId, bookingId, onConfirmed }: { sessionId: string; bookingId: string; onConfirmed: () => void }) {
  const status = usePaymentStatus(sessionId);
  if (status.kind === 'checking') {
    return (
      <p className="notice manage__notice" role="status">
        Confirming your payment...
      </p>
    );
  }
  if (status.kind === 'timeout') {
    return (
      <p className="notice notice--warning manage__notice" role="status">
        We have not received the payment provider&rsquo;s confirmation yet. If you completed the payment there is nothing more to do: it shows here as soon as it
        arrives.
      </p>
    );
  }
  if (status.kind === 'expired') {
    return (
      <p className="notice notice--warning manage__notice" role="status">
        The payment was not completed, so nothing was charged.
      </p>
    );
  }
  // Paid, or a status the poll could not read: the provider sent the visitor back as paid.
  return <ReturnNotice onShown={onConfirmed} bookingId={bookingId} />;
}

function ReturnNotice({ onShown, bookingId }: { onShown: () => void; bookingId: string }) {
  const ref = useFocusWhen<HTMLDivElement>(true);
  useEffect(() => {
    writeSession(sessionKey(bookingId), null);
    onShown();
    // Once, when the payment is known to be received.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--success manage__notice" role="status">
      <strong>Payment received.</strong> Thank you: it is listed under your payments below as soon as the payment provider confirms it.
    </div>
  );
}
