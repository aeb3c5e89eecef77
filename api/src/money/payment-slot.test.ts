import { CHARGE_CLAIM_STALE_MS, CHECKOUT_CLAIM_STALE_MS, PaymentSlot } from './payment-slot';

describe('PaymentSlot (the one module that reads and writes the slot markers)', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('is free, a session, or a claim for a checkout or a charge', () => {
    expect(PaymentSlot.parse(null)).toMatchObject({ isFree: true, sessionId: null });
    expect(PaymentSlot.parse('cs_test_123')).toMatchObject({ isFree: false, sessionId: 'cs_test_123' });
    expect(PaymentSlot.parse('cs_test_123').isClaim()).toBe(false);
    const checkout = PaymentSlot.claimForCheckout(now);
    expect([checkout.isClaim(), checkout.isCreatingSession(), checkout.isCharging(), checkout.sessionId]).toEqual([true, true, false, null]);
    const charge = PaymentSlot.claimForCharge(now);
    expect([charge.isClaim(), charge.isCreatingSession(), charge.isCharging(), charge.sessionId]).toEqual([true, false, true, null]);
    // What is stored reads back as the same claim.
    expect(PaymentSlot.parse(charge.value).isCharging()).toBe(true);
    expect(PaymentSlot.claimForCharge(now).value).not.toBe(charge.value);
  });

  it('a claim is busy until its holder would have finished, then stale (taken over); a session is never stale', () => {
    const checkout = PaymentSlot.claimForCheckout(now);
    expect(checkout.isBusy(later(CHECKOUT_CLAIM_STALE_MS))).toBe(true);
    expect(checkout.isStale(later(CHECKOUT_CLAIM_STALE_MS + 1))).toBe(true);
    const charge = PaymentSlot.claimForCharge(now);
    expect(charge.isBusy(later(CHECKOUT_CLAIM_STALE_MS + 1))).toBe(true);
    expect(charge.isStale(later(CHARGE_CLAIM_STALE_MS + 1))).toBe(true);
    expect(PaymentSlot.parse('cs_test_123').isStale(later(365 * 86_400_000))).toBe(false);
    expect(PaymentSlot.parse(null).isBusy(now)).toBe(false);
  });
});
