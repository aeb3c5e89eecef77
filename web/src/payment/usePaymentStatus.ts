import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import type { CheckoutStatusQuery } from '../gql/graphql';
import { CHECKOUT_STATUS_QUERY } from './documents';

/** The paid session as the server answered it (spec: "keep the response"). */
export type PaidSession = Pick<CheckoutStatusQuery['checkoutStatus'], 'amountTotal' | 'bookingReference' | 'workshopName' | 'workshopDates' | 'confirmationMailSent'>;

export type PaymentState =
  | { kind: 'checking' }
  | ({ kind: 'success' } & PaidSession)
  | { kind: 'expired' }
  | { kind: 'timeout' }
  | { kind: 'error' };

/** Spec section 9: 5 attempts, 2 seconds apart. */
export const MAX_ATTEMPTS = 5;
export const POLL_INTERVAL_MS = 2000;

/**
 * The payment confirmation state machine of spec section 4: poll the checkout
 * status; paid → success (keeping the response); expired → expired; otherwise
 * retry after 2 s; 5 attempts without a result → timeout; any failure → error.
 */
export function usePaymentStatus(sessionId: string): PaymentState {
  const client = useApolloClient();
  const [state, setState] = useState<PaymentState>({ kind: 'checking' });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (attempt: number) => {
      try {
        const { data } = await client.query({ query: CHECKOUT_STATUS_QUERY, variables: { sessionId }, fetchPolicy: 'network-only' });
        if (cancelled) return;
        const status = data?.checkoutStatus;
        if (!status) throw new Error('No checkout status');
        if (status.paymentStatus === 'paid') {
          const { amountTotal, bookingReference, workshopName, workshopDates, confirmationMailSent } = status;
          setState({ kind: 'success', amountTotal, bookingReference, workshopName, workshopDates, confirmationMailSent });
        }
        else if (status.status === 'expired') setState({ kind: 'expired' });
        else if (attempt >= MAX_ATTEMPTS) setState({ kind: 'timeout' });
        else timer = setTimeout(() => void poll(attempt + 1), POLL_INTERVAL_MS);
      } catch (e) {
        if (cancelled) return;
        console.warn('Payment status check failed', e);
        setState({ kind: 'error' });
      }
    };
    void poll(1);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, sessionId]);

  return state;
}
