import { labelOf } from '../ui/labels';

export const PAYMENT_LABELS: Record<string, string> = { paid: 'Paid', deposit_paid: 'Deposit paid', pending: 'Pending', refund_due: 'Refund due', expired: 'Expired' };

/** Spec section 3: paid and deposit_paid have colours; any other value is grey. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const tone = status === 'paid' ? 'badge--success' : status === 'deposit_paid' ? 'badge--warning' : 'badge--grey';
  return <span className={`badge ${tone}`}>{labelOf(PAYMENT_LABELS, status)}</span>;
}
