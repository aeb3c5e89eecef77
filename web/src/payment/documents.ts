import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CheckoutStatusQuery, CheckoutStatusQueryVariables } from '../gql/graphql';

export const CHECKOUT_STATUS_QUERY: TypedDocumentNode<CheckoutStatusQuery, CheckoutStatusQueryVariables> = gql`
  query CheckoutStatus($sessionId: ID!) {
    checkoutStatus(sessionId: $sessionId) {
      id
      paymentStatus
      status
      amountTotal
      bookingReference
      workshopName
      workshopDates
      confirmationMailSent
    }
  }
`;
