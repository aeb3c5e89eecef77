import { useState } from 'react';
import { problemMessage } from '../forms/graphqlProblem';
import { formatDollars } from 'api/shared/money';
import { isLiveStatus } from 'api/shared/booking-status';
import { useAdminCancelBooking, useRecordPayment } from './money/useAdminMoneyMutations';

export { CANCEL_BOOKING_MUTATION, RECORD_PAYMENT_MUTATION } from './money/useAdminMoneyMutations';

interface Props {
  booking: { id: string; customerName: string; status: string; totalAmount: number; amountPaid: number };
  /** After a change: reload the dashboard (stats and spots change too). */
  onChanged: () => void;
  /** A failure: true when handled (a 401 logs out). */
  onError: (e: unknown) => boolean;
}

/**
 * What the admin can do with a booking: record money received outside the
 * payment provider (bank transfer, or every payment when no provider is set up)
 * and cancel it (spots come back; everything paid is refunded: the money panel
 * cancels keeping the policy's fee instead).
 */
export function BookingActions({ booking, onChanged, onError }: Props) {
  const recordPayment = useRecordPayment();
  const cancelBooking = useAdminCancelBooking();
  const [busy, setBusy] = useState(false);
  // The api refuses payments and cancellation on released bookings: offer no action there.
  if (!isLiveStatus(booking.status)) return null;
  const balance = Math.round((booking.totalAmount - booking.amountPaid) * 100) / 100;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      window.alert(done);
      onChanged();
    } catch (e) {
      if (!onError(e)) window.alert(problemMessage(e, 'The action failed'));
    } finally {
      setBusy(false);
    }
  };

  const askPayment = () => {
    const typed = window.prompt(`Amount received from ${booking.customerName}, in dollars (balance ${formatDollars(balance)}):`, String(balance));
    if (typed === null || typed.trim() === '') return;
    const amount = Number(typed.replace(/[$,\s]/g, ''));
    void run(() => recordPayment(booking.id, amount), 'Payment recorded');
  };

  const askCancel = () => {
    if (!window.confirm(`Cancel the booking of ${booking.customerName}? Its spots become available again and everything paid is refunded.`)) return;
    void run(() => cancelBooking(booking.id), 'Booking cancelled');
  };

  return (
    <div className="admin-booking__actions">
      {balance > 0 && (
        <button type="button" className="btn btn--outline btn--small" disabled={busy} onClick={askPayment}>
          Record payment
        </button>
      )}
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={askCancel}>
        Cancel booking
      </button>
    </div>
  );
}
