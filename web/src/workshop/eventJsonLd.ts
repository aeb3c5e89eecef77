import { BRAND } from 'api/shared/brand';
import { absoluteUrl } from '../ssr/ServerRenderContext';
import type { WorkshopDetailQuery } from '../gql/graphql';

type Workshop = NonNullable<WorkshopDetailQuery['workshop']>;


/**
 * schema.org Event of a workshop (search engines show dates, place, price and
 * availability from it).
 */
export function eventJsonLd(w: Workshop, origin: string): Record<string, unknown> {
  const absolute = (path: string) => absoluteUrl(origin, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: w.name,
    description: w.description.split(/\n\s*\n/)[0],
    startDate: w.startDate,
    endDate: w.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: w.location,
      address: { '@type': 'PostalAddress', addressLocality: w.location, addressRegion: w.state, addressCountry: 'US' },
    },
    // The uploaded cover when there is one (docs/decisions/077), else the address set.
    ...(w.cover ? { image: [absolute(w.cover.src)] } : w.imageUrl ? { image: [absolute(w.imageUrl)] } : {}),
    organizer: { '@type': 'Organization', name: BRAND.name, url: absolute('/') },
    performer: { '@type': 'Person', name: BRAND.instructor.name },
    maximumAttendeeCapacity: w.capacity,
    remainingAttendeeCapacity: Math.max(0, w.availableSpots),
    offers: {
      '@type': 'Offer',
      url: absolute(`/workshop/${w.id}`),
      price: w.price,
      priceCurrency: 'USD',
      // A workshop that has started is no longer on sale.
      availability: w.hasStarted ? 'https://schema.org/Discontinued' : w.availableSpots > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}
