import { POLICY, type PaymentOptionOffer } from 'api/shared/policy';

/** The options as a workshop states them: Workshop.paymentOptions, computed by the server's clock (issue 21). */
export type Offers = ReadonlyArray<Pick<PaymentOptionOffer, 'option' | 'available'>>;

const offered = (offers: Offers, option: PaymentOptionOffer['option']) => offers.some((o) => o.option === option && o.available);

/**
 * The ways to pay a workshop offers today, in one sentence: the same
 * paymentOptionsFor answer the booking page prices with, so no page promises
 * a deposit or a plan the booking form would then refuse.
 */
export function paymentOptionsSentence(offers: Offers): string {
  const deposit = offered(offers, 'deposit');
  const plan = offered(offers, 'payment_plan');
  const installments = `${POLICY.minInstallments}-${POLICY.maxInstallments} monthly installments`;
  if (deposit && plan) return `Pay a ${POLICY.depositPercent}% deposit, in full, or in ${installments}.`;
  if (deposit) return `Pay a ${POLICY.depositPercent}% deposit or in full (too close to the start for a payment plan).`;
  if (plan) return `Pay in full or in ${installments}.`;
  return `Payment in full at booking: the balance is due ${POLICY.balanceDueDaysBefore} days before the start, so these dates take no deposit or payment plan.`;
}

/** Whether any of these workshops, bookable now, takes a deposit today. */
export function anyTakesDeposit(workshops: ReadonlyArray<{ paymentOptions?: Offers | null; hasStarted: boolean; cancelled: boolean; availableSpots: number }>): boolean {
  return workshops.some((w) => !w.hasStarted && !w.cancelled && w.availableSpots > 0 && w.paymentOptions != null && offered(w.paymentOptions, 'deposit'));
}
