import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type {
  RefundMyCancelledWorkshopNowMutation,
  RefundMyCancelledWorkshopNowMutationVariables,
  TakeCreditInsteadMutation,
  TakeCreditInsteadMutationVariables,
} from '../../gql/graphql';

/*
 * The customer's choice after we cancelled a workshop (docs/decisions/063), one hook each. The
 * answer carries the booking's new payment status (normalised by id); the credit choice reloads
 * its own query and the page its account. No optimistic answer: the amounts are the server's.
 */

export const REFUND_NOW_MUTATION: TypedDocumentNode<RefundMyCancelledWorkshopNowMutation, RefundMyCancelledWorkshopNowMutationVariables> = gql`
  mutation RefundMyCancelledWorkshopNow($input: ManageBookingInput!) {
    refundMyCancelledWorkshopNow(input: $input) {
      booking {
        id
        paymentStatus
      }
    }
  }
`;

export const TAKE_CREDIT_MUTATION: TypedDocumentNode<TakeCreditInsteadMutation, TakeCreditInsteadMutationVariables> = gql`
  mutation TakeCreditInstead($input: ManageBookingInput!) {
    takeCreditInstead(input: $input) {
      booking {
        id
        paymentStatus
      }
    }
  }
`;

/** "Refund $X to my card now". */
export function useRefundNow(bookingId: string, token: string) {
  const [mutate] = useMutation(REFUND_NOW_MUTATION);
  return () => mutate({ variables: { input: { bookingId, token } } });
}

/** "Take a credit of $X". */
export function useTakeCredit(bookingId: string, token: string) {
  const [mutate] = useMutation(TAKE_CREDIT_MUTATION);
  return () => mutate({ variables: { input: { bookingId, token } } });
}
