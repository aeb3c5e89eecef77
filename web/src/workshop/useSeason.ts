import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { seasonOf, type Season } from 'api/shared/season';
import type { SeasonQuery, SeasonQueryVariables } from '../gql/graphql';

/**
 * The catalog's facts the season's words are computed from (api/shared/season.ts SeasonRun), and
 * nothing else: a page that shows no workshop (about-instructor) neither embeds nor hydrates the
 * cards' photographs, prices and payment options (docs/performance.md, round nine). After the
 * list or home page, the cache already holds these fields and no request is made.
 */
export const SEASON_QUERY: TypedDocumentNode<SeasonQuery, SeasonQueryVariables> = gql`
  query Season {
    workshops {
      id
      startDate
      hasStarted
      cancelled
      availableSpots
      capacity
    }
  }
`;

/**
 * The season the site sells, from the catalog and the server's clock (each run's hasStarted).
 * Until the catalog is there, or when it fails, no year or count is claimed. Pages that read the
 * whole catalog anyway (home, list) compute it from their own query with `seasonOf`.
 */
export function useSeason(): Season {
  const { data } = useQuery(SEASON_QUERY);
  return seasonOf(data?.workshops ?? []);
}

/** "2026 Workshops", "2026-2027 Workshops", or "Workshops" when nothing is on sale. */
export function seasonTitle(season: Pick<Season, 'label'>, noun: string): string {
  return season.label ? `${season.label} ${noun}` : noun.charAt(0).toUpperCase() + noun.slice(1);
}
