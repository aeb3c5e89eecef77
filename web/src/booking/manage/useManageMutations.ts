import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type {
  CancelMyBookingMutation,
  CancelMyBookingMutationVariables,
  PayBookingNowMutation,
  PayBookingNowMutationVariables,
  TransferMyBookingMutation,
  TransferMyBookingMutationVariables,
} from '../../gql/graphql';

/*
 * The customer's money actions on the manage page, one hook each with its cache update. The
 * answers carry the booking's new state (normalised by id, so the page shows it at once) and the
 * page's account is reloaded for the rest: every amount on the page is the server's, so there is
 * no optimistic guess of a refund or a balance (docs/decisions/073).
 */

/** The manage page's account query, reloaded by name after an action (manage.documents.ts). */
const ACCOUNT_QUERY_NAME = 'BookingAccount';
const reloadAccount = { refetchQueries: [ACCOUNT_QUERY_NAME], awaitRefetchQueries: true };

export const PAY_BOOKING_NOW_MUTATION: TypedDocumentNode<PayBookingNowMutation, PayBookingNowMutationVariables> = gql`
  mutation PayBookingNow($input: ManageBookingInput!) {
    payBookingNow(input: $input) {
      url
      sessionId
    }
  }
`;

export const CANCEL_MY_BOOKING_MUTATION: TypedDocumentNode<CancelMyBookingMutation, CancelMyBookingMutationVariables> = gql`
  mutation CancelMyBooking($input: CancelMyBookingInput!) {
    cancelMyBooking(input: $input) {
      booking {
        id
        status
        paymentStatus
        amountRefunded
      }
      refunds {
        id
        amount
        state
      }
    }
  }
`;

export const TRANSFER_MY_BOOKING_MUTATION: TypedDocumentNode<TransferMyBookingMutation, TransferMyBookingMutationVariables> = gql`
  mutation TransferMyBooking($input: TransferMyBookingInput!) {
    transferMyBooking(input: $input) {
      booking {
        id
        status
        totalAmount
      }
      balance
    }
  }
`;

/** Starts a payment of what is due now: the checkout's address and session (nothing changes until it is paid). */
export function usePayNow(bookingId: string, token: string) {
  const [mutate] = useMutation(PAY_BOOKING_NOW_MUTATION);
  return async () => (await mutate({ variables: { input: { bookingId, token } } })).data?.payBookingNow ?? null;
}

/** Cancels with the refund the customer was quoted (the server refuses if the quote changed); answers the refunds made or owed. */
export function useCancelMyBooking(bookingId: string, token: string) {
  const [mutate] = useMutation(CANCEL_MY_BOOKING_MUTATION, reloadAccount);
  return async (expectedRefund: number) => (await mutate({ variables: { input: { bookingId, token, expectedRefund } } })).data?.cancelMyBooking ?? null;
}

/** Moves the booking to another workshop. */
export function useTransferMyBooking(bookingId: string, token: string) {
  const [mutate] = useMutation(TRANSFER_MY_BOOKING_MUTATION, reloadAccount);
  return async (workshopId: string) => (await mutate({ variables: { input: { bookingId, token, workshopId } } })).data?.transferMyBooking ?? null;
}
