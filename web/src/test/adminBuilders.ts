import type { AdminDashboardQuery, BookingsTab_BookingFragment, MessagesTab_MessageFragment } from '../gql/graphql';

type Typed<T, N extends string> = T & { __typename: N };

/** A booking as adminBookings returns it, with every participant field. */
export function anAdminBooking(overrides: Partial<BookingsTab_BookingFragment> = {}): Typed<BookingsTab_BookingFragment, 'Booking'> {
  return {
    __typename: 'Booking',
    id: 'b-1',
    workshopId: 'zion-canyon-light',
    workshopName: 'Zion Canyon Light & Slot Canyons',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    customerPhone: '+1 555 0100',
    numParticipants: 2,
    roomType: 'private',
    numSpouses: 1,
    paymentOption: 'deposit',
    installments: null,
    specialRequests: 'Ground floor room',
    age: 36,
    experienceLevel: 'advanced',
    cameraBody: 'Nikon Z6',
    lenses: '24-70mm f/4',
    otherEquipment: 'Drone',
    healthConcerns: 'Asthma',
    dietaryRestrictions: 'Vegetarian',
    tripGoals: 'Astro photography',
    emergencyContactName: 'Charles Babbage',
    emergencyContactPhone: '+1 555 0101',
    emergencyContactEmail: 'charles@example.com',
    totalAmount: 7737.5,
    amountPaid: 2321.25,
    paymentStatus: 'deposit_paid',
    status: 'confirmed',
    createdAt: '2026-01-10T15:00:00.000Z',
    ...overrides,
  };
}

export function anAdminMessage(overrides: Partial<MessagesTab_MessageFragment> = {}): Typed<MessagesTab_MessageFragment, 'CommunityMessage'> {
  return {
    __typename: 'CommunityMessage',
    id: 'm-1',
    workshopId: 'alaska-bears-glaciers',
    workshopName: 'Alaska Brown Bears & Glaciers',
    authorName: 'Grace Hopper',
    authorEmail: 'grace@example.com',
    message: 'Anyone driving from Anchorage?',
    topic: 'ride_sharing',
    createdAt: '2026-01-12T09:30:00.000Z',
    ...overrides,
  };
}

const WORKSHOPS = [
  { id: 'zion-canyon-light', name: 'Zion Canyon Light & Slot Canyons', location: 'Zion National Park', startDate: '2026-04-13' },
  { id: 'alaska-bears-glaciers', name: 'Alaska Brown Bears & Glaciers', location: 'Katmai National Park', startDate: '2026-07-20' },
];

/** A whole AdminDashboard answer: two workshops, the given bookings and messages, consistent totals. */
export function anAdminDashboard(
  options: { bookings?: BookingsTab_BookingFragment[]; messages?: MessagesTab_MessageFragment[]; imageUrls?: Record<string, string> } = {},
): AdminDashboardQuery {
  const bookings = (options.bookings ?? [anAdminBooking()]).map((b) => ({ __typename: 'Booking' as const, ...b }));
  const messages = (options.messages ?? [anAdminMessage()]).map((m) => ({ __typename: 'CommunityMessage' as const, ...m }));
  return {
    adminStats: {
      __typename: 'AdminStats',
      totalWorkshops: 11,
      totalBookings: bookings.length,
      totalRevenue: 12345.5,
      totalMessages: messages.length,
      workshops: [
        { __typename: 'WorkshopSales', ...WORKSHOPS[0], capacity: 12, minimumParticipants: 6, spotsSold: 7, spotsHeld: 2, reachedMinimum: true, revenue: 9000 },
        { __typename: 'WorkshopSales', ...WORKSHOPS[1], capacity: 12, minimumParticipants: 6, spotsSold: 2, spotsHeld: 0, reachedMinimum: false, revenue: 3345.5 },
      ].map(({ location: _l, ...w }) => w),
    },
    adminBookings: bookings,
    adminMessages: messages,
    workshops: WORKSHOPS.map(({ startDate: _s, ...w }) => ({
      __typename: 'Workshop' as const,
      ...w,
      imageUrl: options.imageUrls?.[w.id] ?? `/images/workshops/${w.id}.svg`,
    })),
  } as AdminDashboardQuery;
}
