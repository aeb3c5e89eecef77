/**
 * Which booking a checkout session pays, remembered in this tab while the visitor
 * is on the payment page: /payment-success links back to the booking without
 * the provider's answer having to carry its id.
 */
const key = (sessionId: string) => `checkout-booking:${sessionId}`;

export function rememberCheckout(sessionId: string, bookingId: string): void {
  try {
    window.sessionStorage.setItem(key(sessionId), bookingId);
  } catch {
    // Storage refused (private mode): the success page then names no booking.
  }
}

export function bookingOfSession(sessionId: string): string | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(key(sessionId));
  } catch {
    return null;
  }
}
