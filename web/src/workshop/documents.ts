import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WorkshopsQuery, WorkshopsQueryVariables } from '../gql/graphql';
import { WORKSHOP_CARD_FRAGMENT } from './WorkshopCard';

/** The season's workshops as cards (the list page and the home page's popular workshops). */
export const WORKSHOPS_QUERY: TypedDocumentNode<WorkshopsQuery, WorkshopsQueryVariables> = gql`
  query Workshops {
    workshops {
      id
      ...WorkshopCard_workshop
      paymentOptions {
        option
        available
        reason
      }
    }
  }
  ${WORKSHOP_CARD_FRAGMENT}
`;
