import { gql, type TypedDocumentNode } from '@apollo/client';
import type { BookingAccountQuery, BookingAccountQueryVariables } from '../gql/graphql';
import { BOOKING_FACTS_FRAGMENT } from './manage/BookingFacts';
import { CANCEL_SECTION_FRAGMENT } from './manage/CancelSection';
import { DUE_SECTION_FRAGMENT } from './manage/DueSection';
import { TRANSFER_SECTION_FRAGMENT } from './manage/TransferSection';

export { CANCEL_MY_BOOKING_MUTATION, PAY_BOOKING_NOW_MUTATION, TRANSFER_MY_BOOKING_MUTATION } from './manage/useManageMutations';

/**
 * The manage page's account: the header's workshop and each section's fragment. The site
 * sends it as a trusted document (docs/decisions/073), so it is not held to the cost limit
 * that made it be written out by hand before. The mutations answer what changed at once and
 * the page reloads this query (by its name, BookingAccount) for the rest.
 */
export const BOOKING_ACCOUNT_QUERY: TypedDocumentNode<BookingAccountQuery, BookingAccountQueryVariables> = gql`
  query BookingAccount($bookingId: ID!, $token: String!) {
    bookingAccount(bookingId: $bookingId, token: $token) {
      booking {
        id
        status
      }
      workshop {
        id
        name
        location
        state
        dates
      }
      ...BookingFacts_account
      ...DueSection_account
      ...CancelSection_account
      ...TransferSection_account
    }
  }
  ${BOOKING_FACTS_FRAGMENT}
  ${DUE_SECTION_FRAGMENT}
  ${CANCEL_SECTION_FRAGMENT}
  ${TRANSFER_SECTION_FRAGMENT}
`;
