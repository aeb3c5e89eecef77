import { render, screen } from '@testing-library/react';
import { PaymentStatusBadge } from './PaymentStatusBadge';

describe('PaymentStatusBadge', () => {
  it.each([
    ['pending', 'Pending', 'badge--grey'],
    ['deposit_paid', 'Deposit paid', 'badge--amber'],
    ['partially_paid', 'Partly paid (plan)', 'badge--grey'],
    ['paid', 'Paid', 'badge--success'],
    ['refunded', 'Refunded', 'badge--grey'],
    ['partially_refunded', 'Partly refunded', 'badge--grey'],
  ])('shows %s as "%s" (%s): only paid and deposit_paid are styled', (status, words, tone) => {
    render(<PaymentStatusBadge status={status} />);
    expect(screen.getByText(words)).toHaveClass('badge', tone);
  });

  it('never says "Deposit paid" for a payment plan', () => {
    render(<PaymentStatusBadge status="deposit_paid" paymentOption="payment_plan" />);
    expect(screen.getByText('Partly paid (plan)')).toHaveClass('badge--grey');
  });

  it('shows an unknown status in words, in grey', () => {
    render(<PaymentStatusBadge status="on_hold_by_bank" />);
    expect(screen.getByText('On Hold By Bank')).toHaveClass('badge--grey');
  });
});
