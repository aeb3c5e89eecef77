/** paid and deposit_paid are styled; any other value is grey (spec section 3). */
const STYLES: Record<string, { className: string; label: string }> = {
  paid: { className: 'badge badge--success', label: 'Paid in full' },
  deposit_paid: { className: 'badge badge--amber', label: 'Deposit paid' },
};

export function PaymentStatusBadge({ status }: { status: string }) {
  const style = STYLES[status];
  return (
    <span className={style?.className ?? 'badge badge--grey'} data-status={status}>
      {style?.label ?? status.replace(/_/g, ' ')}
    </span>
  );
}
