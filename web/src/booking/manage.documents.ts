import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BookingAccountQuery,
  BookingAccountQueryVariables,
  CancelMyBookingMutation,
  CancelMyBookingMutationVariables,
  PayBookingNowMutation,
  PayBookingNowMutationVariables,
  TransferMyBookingMutation,
  TransferMyBookingMutationVariables,
} from '../gql/graphql';

/*
 * Written out without fragments, and only with the fields the page shows: the API
 * refuses operations above its cost limit (transport/graphql/protection.ts, 300 with
 * every nesting level and fragment spread weighing 1.5x), and the whole account of a
 * booking is close to it. The mutations answer what changed at once and the page
 * reloads the account (refetchQueries) for the rest.
 */
export const BOOKING_ACCOUNT_QUERY: TypedDocumentNode<BookingAccountQuery, BookingAccountQueryVariables> = gql`
  query BookingAccount($bookingId: ID!, $token: String!) {
    bookingAccount(bookingId: $bookingId, token: $token) {
      booking {
        id
        paymentOption
        paymentStatus
        status
        totalAmount
        amountPaid
        amountRefunded
        fees
        customerName
        numParticipants
        numSpouses
        roomType
      }
      workshop {
        id
        name
        location
        state
        dates
      }
      payments {
        id
        amount
        method
        purpose
        installmentNumber
        receivedAt
        refunded
      }
      refunds {
        id
        amount
        state
        reason
        lastError
        createdAt
        completedAt
      }
      schedule {
        number
        dueDate
        amount
        state
        lastError
        paidAt
      }
      balanceDueDate
      balance
      nextPayment {
        label
        amount
        dueDate
        overdue
        canPayNow
      }
      cancellation {
        daysBeforeStart
        fee
        paid
        refund
        kept
        explanation
      }
      transfer {
        allowed
        fee
        reason
        options {
          workshop {
            id
            name
            dates
          }
          newTotal
          fee
          refundNow
          kept
          balanceAfter
          balanceDueDate
          cancelRefundAfter
          terms
        }
      }
    }
  }
`;

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
