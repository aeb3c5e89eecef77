import { gql, type TypedDocumentNode } from '@apollo/client';
import { BOOKING_LEDGER_FRAGMENT } from '../payment/BookingLedger';
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

/** Everything the manage page shows of a booking: the ledger, the booking, and what the customer can do. */
const MANAGE_BOOKING_FRAGMENT = gql`
  fragment ManageBookingPage_account on BookingAccount {
    ...BookingLedger_account
    booking {
      id
      workshopId
      workshopName
      customerName
      customerEmail
      numParticipants
      numSpouses
      roomType
      installments
    }
    workshop {
      id
      name
      location
      state
      dates
      startDate
    }
    cancellation {
      daysBeforeStart
      refundPercent
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
          location
          state
          availableSpots
        }
        newTotal
        fee
        difference
      }
    }
  }
  ${BOOKING_LEDGER_FRAGMENT}
`;

export const BOOKING_ACCOUNT_QUERY: TypedDocumentNode<BookingAccountQuery, BookingAccountQueryVariables> = gql`
  query BookingAccount($bookingId: ID!, $token: String!) {
    bookingAccount(bookingId: $bookingId, token: $token) {
      ...ManageBookingPage_account
    }
  }
  ${MANAGE_BOOKING_FRAGMENT}
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
      ...ManageBookingPage_account
    }
  }
  ${MANAGE_BOOKING_FRAGMENT}
`;

export const TRANSFER_MY_BOOKING_MUTATION: TypedDocumentNode<TransferMyBookingMutation, TransferMyBookingMutationVariables> = gql`
  mutation TransferMyBooking($input: TransferMyBookingInput!) {
    transferMyBooking(input: $input) {
      ...ManageBookingPage_account
    }
  }
  ${MANAGE_BOOKING_FRAGMENT}
`;
