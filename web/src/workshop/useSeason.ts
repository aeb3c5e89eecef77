import { useQuery } from '@apollo/client/react';
import { seasonOf, type Season } from 'api/shared/season';
import { WORKSHOPS_QUERY } from './documents';

/**
 * The season the site sells, from the catalog (the cached workshops query the
 * list and home pages read) and the server's clock (each run's hasStarted).
 * Until the catalog is there, or when it fails, no year or count is claimed.
 */
export function useSeason(): Season {
  const { data } = useQuery(WORKSHOPS_QUERY);
  return seasonOf(data?.workshops ?? []);
}

/** "2026 Workshops", "2026-2027 Workshops", or "Workshops" when nothing is on sale. */
export function seasonTitle(season: Pick<Season, 'label'>, noun: string): string {
  return season.label ? `${season.label} ${noun}` : noun.charAt(0).toUpperCase() + noun.slice(1);
}
