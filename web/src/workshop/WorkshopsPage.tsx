import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { JsonLd } from '../ui/JsonLd';
import { absoluteUrl, useOrigin } from '../ssr/ServerRenderContext';
import { Empty, Loading } from '../ui/States';
import { labelOf, WORKSHOP_TYPE_LABELS } from '../ui/labels';
import { WorkshopCard } from './WorkshopCard';
import { WORKSHOPS_QUERY } from './documents';
import { bookableWorkshops, inSeason, seasonOf } from 'api/shared/season';
import { seasonTitle } from './useSeason';
import { POLICY } from 'api/shared/policy';

export { WORKSHOPS_QUERY };

/** Filter buttons of the spec, in its order. */
export const WORKSHOP_FILTERS = ['all', 'landscape', 'portrait_posing', 'adventure', 'storm_chasing', 'wildlife'] as const;
type Filter = (typeof WORKSHOP_FILTERS)[number];

export default function WorkshopsPage() {
  const origin = useOrigin();
  const { data, loading, error } = useQuery(WORKSHOPS_QUERY);
  const season = seasonOf(data?.workshops ?? []);
  const [params, setParams] = useSearchParams();
  const requested = params.get('type') as Filter | null;
  const filter: Filter = requested && WORKSHOP_FILTERS.includes(requested) ? requested : 'all';
  if (error) console.warn('Failed to load workshops', error);

  // The server lists upcoming workshops first, then those that have started (most recent first).
  const shown = useMemo(
    () => (data?.workshops ?? []).filter((w) => filter === 'all' || w.workshopType === filter),
    [data, filter],
  );
  const upcoming = shown.filter((w) => !w.hasStarted);
  const past = shown.filter((w) => w.hasStarted);
  const underWay = past.some((w) => !w.hasEnded);

  const choose = (f: Filter) => {
    const next = new URLSearchParams(params);
    if (f === 'all') next.delete('type');
    else next.set('type', f);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageMeta
        title={seasonTitle(season, 'Photography Workshops')}
        description={`Small-group photography workshops${inSeason(season)}: landscape, wildlife, portrait and posing, adventure and storm chasing, all-inclusive with at most ${POLICY.maxGroupSize} participants.`}
      />
      {data ? (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: seasonTitle(season, 'photography workshops'),
            itemListElement: data.workshops.map((w, i) => ({ '@type': 'ListItem', position: i + 1, name: w.name, url: absoluteUrl(origin, `/workshop/${w.id}`) })),
          }}
        />
      ) : null}
      <section className="page-hero page-hero--compact">
        <div className="container">
          <span className="eyebrow">{season.label ? `${season.label} season` : 'Our season'}</span>
          <h1>Photography Workshops</h1>
          <p className="lead">
            Small-group workshops across the United States, {bookableWorkshops(season)} open for booking. Accommodation, meals and
            permits are included, and no group is larger than {POLICY.maxGroupSize}.
          </p>
        </div>
      </section>
      <section className="section section--tight">
        <div className="container">
          <div className="chips workshop-filters" role="group" aria-label="Filter workshops by type">
            {WORKSHOP_FILTERS.map((f) => (
              <button key={f} type="button" className="chip" data-filter={f} aria-pressed={filter === f} onClick={() => choose(f)}>
                {f === 'all' ? 'All' : labelOf(WORKSHOP_TYPE_LABELS, f)}
              </button>
            ))}
          </div>
          {/* Names the list for screen readers and keeps headings in order (h1, h2, then the cards' h3). */}
          <h2 className="visually-hidden">{filter === 'all' ? 'All workshops' : `${labelOf(WORKSHOP_TYPE_LABELS, filter)} workshops`}</h2>
          {loading && !data ? (
            <Loading>Loading workshops...</Loading>
          ) : shown.length === 0 ? (
            <Empty>No workshops available</Empty>
          ) : (
            <>
              {upcoming.length > 0 ? (
                <div className="grid grid--cards workshop-grid" data-testid="upcoming-workshops">
                  {upcoming.map((w, i) => (
                    <WorkshopCard key={w.id} workshop={w} priority={i < 2} />
                  ))}
                </div>
              ) : (
                <p className="notice">No upcoming workshops here yet: new dates are announced soon.</p>
              )}
              {past.length > 0 ? (
                <section className="past-workshops" aria-labelledby="past-heading" data-testid="past-workshops">
                  <h2 id="past-heading">{underWay ? 'Under way and past workshops' : 'Past workshops'}</h2>
                  <p className="muted">
                    {underWay ? 'These have started or taken place' : 'These have taken place'}; their pages and community boards stay open to read.
                  </p>
                  <div className="grid grid--cards workshop-grid">
                    {past.map((w) => (
                      <WorkshopCard key={w.id} workshop={w} />
                    ))}
                  </div>
                </section>
              ) : null}
            </>
          )}
        </div>
      </section>
    </>
  );
}
