import { balanceCentsOf, centsToDollars, dollarsToCents, formatCents, formatDollars } from './money';

describe('money', () => {
  const intl = (cents: number, fraction: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(cents / 100);

  it('formats cents exactly as the en-US currency format does', () => {
    const samples = [0, 1, 5, 10, 99, 100, 101, 150, 999, 1000, 12345, 99999, 100000, 164850, 549500, 1234567, 100000000, 123456789, -1, -150, -549500];
    for (let c = 0; c < 3000; c += 7) samples.push(c * 37);
    for (const cents of samples) expect(formatCents(cents)).toBe(intl(cents, cents % 100 === 0 ? 0 : 2));
  });

  it('names the examples of its contract', () => {
    expect(formatCents(249500)).toBe('$2,495');
    expect(formatCents(74850)).toBe('$748.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatDollars(1648.5)).toBe('$1,648.50');
    expect(formatDollars(5495)).toBe('$5,495');
  });

  it('converts between cents and dollars at the edges', () => {
    expect(centsToDollars(12345)).toBe(123.45);
    expect(dollarsToCents(1648.5)).toBe(164850);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});

describe('balanceCentsOf', () => {
  it('is the price and fee less what was received and kept, never below zero', () => {
    expect(balanceCentsOf({ status: 'confirmed', totalCents: 249500, feeCents: 0, amountPaidCents: 50000, amountRefundedCents: 0 })).toBe(199500);
    expect(balanceCentsOf({ status: 'confirmed', totalCents: 249500, feeCents: 7500, amountPaidCents: 50000, amountRefundedCents: 0 })).toBe(207000);
    expect(balanceCentsOf({ status: 'confirmed', totalCents: 249500, feeCents: 0, amountPaidCents: 249500, amountRefundedCents: 10000 })).toBe(10000);
    expect(balanceCentsOf({ status: 'confirmed', totalCents: 100000, feeCents: 0, amountPaidCents: 120000, amountRefundedCents: 0 })).toBe(0);
  });

  it('is nothing once the booking is released: a cancelled or expired booking owes nothing (issue 21)', () => {
    // Paid $9,285 in full, $4,642.50 refunded under the 50% tier: the rest was kept, not owed.
    const cancelled = { totalCents: 928500, feeCents: 0, amountPaidCents: 928500, amountRefundedCents: 464250 };
    expect(balanceCentsOf({ ...cancelled, status: 'cancelled' })).toBe(0);
    expect(balanceCentsOf({ totalCents: 928500, feeCents: 0, amountPaidCents: 0, amountRefundedCents: 0, status: 'expired' })).toBe(0);
    expect(balanceCentsOf({ totalCents: 928500, feeCents: 0, amountPaidCents: 0, amountRefundedCents: 0, status: 'held' })).toBe(928500);
  });
});
