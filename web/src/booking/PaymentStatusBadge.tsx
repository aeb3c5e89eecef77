import { paymentStatusLabel } from '../ui/labels';

/** paid and deposit_paid are styled; any other value is grey (spec section 3). */
const TONES: Record<string, string> = {
  paid: 'badge--success',
  deposit_paid: 'badge--amber',
};

/**
 * A booking's payment status in words, everywhere it is shown (confirmation,
 * manage page, admin). Pass the payment option so a plan never reads "Deposit paid".
 */
export function PaymentStatusBadge({ status, paymentOption }: { status: string; paymentOption?: string | null }) {
  const plan = paymentOption === 'payment_plan' && status === 'deposit_paid';
  const tone = (!plan && TONES[status]) || 'badge--grey';
  return (
    <span className={`badge ${tone}`} data-status={status}>
      {paymentStatusLabel(status, paymentOption)}
    </span>
  );
}
