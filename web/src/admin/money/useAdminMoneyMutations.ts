import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type {
  AdminCancelBookingMutation,
  AdminCancelBookingMutationVariables,
  AdminCancelBookingWithRefundMutation,
  AdminCancelBookingWithRefundMutationVariables,
  AdminMarkRefundDoneMutation,
  AdminMarkRefundDoneMutationVariables,
  AdminRecordPaymentMutation,
  AdminRecordPaymentMutationVariables,
  AdminRefundBookingMutation,
  AdminRefundBookingMutationVariables,
} from '../../gql/graphql';

/*
 * The admin's money actions, one hook each with its cache update. Every answer carries the
 * booking's new state (normalised by id: the bookings list shows it at once); the money panel's
 * account is reloaded for the rest. No optimistic answers: every amount shown is the server's
 * (docs/decisions/073).
 */

const ADMIN = { context: { admin: true } };
/** The money panel's account query (BookingMoneyPanel.tsx), reloaded by name after its actions. */
const reloadPanel = { ...ADMIN, refetchQueries: ['AdminBookingAccount'], awaitRefetchQueries: true };

/** What the bookings list's actions change on a booking. */
const BOOKING_ACTIONS_FRAGMENT = gql`
  fragment BookingActions_booking on Booking {
    id
    status
    paymentStatus
    amountPaid
  }
`;

export const CANCEL_BOOKING_MUTATION: TypedDocumentNode<AdminCancelBookingMutation, AdminCancelBookingMutationVariables> = gql`
  mutation AdminCancelBooking($input: CancelBookingInput!) {
    cancelBooking(input: $input) {
      booking {
        ...BookingActions_booking
      }
    }
  }
  ${BOOKING_ACTIONS_FRAGMENT}
`;

export const RECORD_PAYMENT_MUTATION: TypedDocumentNode<AdminRecordPaymentMutation, AdminRecordPaymentMutationVariables> = gql`
  mutation AdminRecordPayment($input: RecordPaymentInput!) {
    recordPayment(input: $input) {
      booking {
        ...BookingActions_booking
      }
    }
  }
  ${BOOKING_ACTIONS_FRAGMENT}
`;

export const ADMIN_REFUND_BOOKING_MUTATION: TypedDocumentNode<AdminRefundBookingMutation, AdminRefundBookingMutationVariables> = gql`
  mutation AdminRefundBooking($input: AdminRefundInput!) {
    adminRefundBooking(input: $input) {
      booking {
        id
        paymentStatus
        amountRefunded
      }
    }
  }
`;

export const ADMIN_MARK_REFUND_DONE_MUTATION: TypedDocumentNode<AdminMarkRefundDoneMutation, AdminMarkRefundDoneMutationVariables> = gql`
  mutation AdminMarkRefundDone($input: AdminRefundDoneInput!) {
    adminMarkRefundDone(input: $input) {
      booking {
        id
      }
      refundsOwed
    }
  }
`;

export const ADMIN_CANCEL_WITH_REFUND_MUTATION: TypedDocumentNode<AdminCancelBookingWithRefundMutation, AdminCancelBookingWithRefundMutationVariables> = gql`
  mutation AdminCancelBookingWithRefund($input: AdminCancelInput!) {
    adminCancelBookingWithRefund(input: $input) {
      booking {
        id
        status
        paymentStatus
        amountRefunded
      }
    }
  }
`;

/** Records money received outside the payment provider (dollars). */
export function useRecordPayment() {
  const [mutate] = useMutation(RECORD_PAYMENT_MUTATION, ADMIN);
  return (bookingId: string, amount: number) => mutate({ variables: { input: { bookingId, amount } } });
}

/** Cancels a booking from the bookings list (everything paid is refunded). */
export function useAdminCancelBooking() {
  const [mutate] = useMutation(CANCEL_BOOKING_MUTATION, ADMIN);
  return (bookingId: string) => mutate({ variables: { input: { bookingId } } });
}

/** Refunds an amount (dollars) of a booking, with an optional note. */
export function useAdminRefund() {
  const [mutate] = useMutation(ADMIN_REFUND_BOOKING_MUTATION, reloadPanel);
  return (bookingId: string, amount: number, note: string | null) => mutate({ variables: { input: { bookingId, amount, note } } });
}

/** Marks a refund owed offline as paid back. */
export function useMarkRefundDone() {
  const [mutate] = useMutation(ADMIN_MARK_REFUND_DONE_MUTATION, reloadPanel);
  return (refundId: string) => mutate({ variables: { input: { refundId } } });
}

/** Cancels from the money panel, with or without the policy's fee. */
export function useAdminCancelWithRefund() {
  const [mutate] = useMutation(ADMIN_CANCEL_WITH_REFUND_MUTATION, reloadPanel);
  return (bookingId: string, applyPolicyFee: boolean) => mutate({ variables: { input: { bookingId, applyPolicyFee } } });
}
