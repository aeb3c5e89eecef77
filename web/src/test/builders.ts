import type { WorkshopDetailQuery } from '../gql/graphql';

type WorkshopDetail = NonNullable<WorkshopDetailQuery['workshop']>;

/** A realistic workshop as the API returns it (GraphQL shape, with __typename). */
export function aWorkshop(overrides: Partial<WorkshopDetail> = {}): WorkshopDetail & { __typename: 'Workshop' } {
  return {
    __typename: 'Workshop',
    id: 'zion-canyon-light',
    name: 'Zion Canyon Light & Slot Canyons',
    description: 'Zion’s sandstone walls bounce light into the canyons.\n\nA landscape workshop built around reflected light.',
    location: 'Zion National Park',
    state: 'Utah',
    dates: 'Apr 13-18, 2026',
    startDate: '2026-04-13',
    endDate: '2026-04-18',
    durationDays: 6,
    price: 2895,
    availableSpots: 12,
    capacity: 12,
    difficultyLevel: 'Moderate',
    workshopType: 'landscape',
    imageUrl: '/images/workshops/zion-canyon-light.svg',
    highlights: ['Sunrise at the Watchman', 'A wade into the Narrows', 'Night sky session', 'Editing session'],
    itinerary: 'Day 1: Arrive in Springdale\nDay 2: Watchman sunrise',
    privateRoomSupplement: 500,
    ...overrides,
  };
}

/** The card fields only, as the list query returns them. */
export function aWorkshopCard(overrides: Partial<WorkshopDetail> = {}) {
  const w = aWorkshop(overrides);
  return {
    __typename: 'Workshop' as const,
    id: w.id,
    name: w.name,
    location: w.location,
    state: w.state,
    dates: w.dates,
    durationDays: w.durationDays,
    price: w.price,
    availableSpots: w.availableSpots,
    difficultyLevel: w.difficultyLevel,
    workshopType: w.workshopType,
    imageUrl: w.imageUrl,
  };
}
