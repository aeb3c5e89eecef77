import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PrivacyRetentionQuery, PrivacyRetentionQueryVariables } from '../gql/graphql';

/**
 * How long personal data is kept, as the server is configured (PERSONAL_DATA_RETENTION_DAYS):
 * the privacy policy page and the admin's Personal data tab state these numbers, never the
 * default compiled into the page (docs/decisions/102). Server-rendered pages carry the answer
 * in their embedded cache, so hydration shows the same number without asking again.
 */
export const PRIVACY_RETENTION_QUERY: TypedDocumentNode<PrivacyRetentionQuery, PrivacyRetentionQueryVariables> = gql`
  query PrivacyRetention {
    privacyRetention {
      tripDataDays
      accountingYears
    }
  }
`;
