/**
 * Test data: one builder per entity, in the GraphQL shape the api answers (with __typename),
 * holding every field any query of the app reads, so one builder serves every screen (fields a
 * query does not select are left out of the cache). Override what a test is about.
 */
import type {
  ActivityTable_EntryFragment,
  AdminActivityQuery,
  AdminDashboardQuery,
  AdminWorkshopsQuery,
  BookingConfirmationQuery,
  BookingsTab_BookingFragment,
  BookingWorkshopQuery,
  CheckoutStatusQuery,
  AdminBookingAccountQuery,
  BookingAccountQuery,
  MessagesTab_MessageFragment,
  ParticipantsQuery,
  TestimonialsQuery,
  WorkshopDetailQuery,
} from '../gql/graphql';

type Typed<T, N extends string> = T & { __typename: N };
type Workshop = NonNullable<WorkshopDetailQuery['workshop']> & Pick<NonNullable<BookingWorkshopQuery['workshop']>, 'priceCents' | 'timeZone'>;
type Booking = BookingsTab_BookingFragment & Pick<NonNullable<BookingConfirmationQuery['booking']>, 'reference' | 'amountDueNow' | 'holdExpiresAt' | 'balanceDueDate' | 'paysOnline' | 'promoCode' | 'discount'>;
/** What the manage page and the admin's money panel read of a booking account. */
type Account = BookingAccountQuery['bookingAccount'] & AdminBookingAccountQuery['adminBookingAccount'];
type Message = MessagesTab_MessageFragment;
type Testimonial = TestimonialsQuery['testimonials'][number];

/** A realistic workshop (Zion, 12 spots left of 12). One that has started has also ended unless `hasEnded: false` (under way). */
export function aWorkshop(overrides: Partial<Workshop> = {}): Typed<Workshop, 'Workshop'> {
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
    timeZone: 'America/Denver',
    durationDays: 6,
    price: 2895,
    priceCents: 289500,
    availableSpots: 12,
    capacity: 12,
    difficultyLevel: 'Moderate',
    workshopType: 'landscape',
    imageUrl: '/images/workshops/zion-canyon-light.svg',
    cover: null,
    gallery: [],
    highlights: ['Sunrise at the Watchman', 'A wade into the Narrows', 'Night sky session', 'Editing session'],
    itinerary: 'Day 1: Arrive in Springdale\nDay 2: Watchman sunrise',
    privateRoomSupplement: 500,
    hasStarted: false,
    cancelled: false,
    boardOpen: true,
    // As the server answers far enough ahead: every way to pay is offered (offersOnly narrows it).
    paymentOptions: offersOnly('full', 'deposit', 'payment_plan'),
    ...overrides,
    hasEnded: overrides.hasEnded ?? overrides.hasStarted ?? false,
  };
}

type Photo = NonNullable<Workshop['cover']>;

/** An uploaded photograph (docs/decisions/077), rendered at 480, 960 and 1600 px in AVIF, WebP and JPEG. */
export function aPhoto(overrides: Partial<Photo> = {}): Typed<Photo, 'Photo'> {
  const id = overrides.id ?? 'b7e0c1d2-0000-4000-8000-000000000001';
  const set = (ext: string) => [480, 960, 1600].map((w) => `/photos/${id}-${w}.${ext} ${w}w`).join(', ');
  return {
    __typename: 'Photo',
    id,
    src: `/photos/${id}-1600.jpg`,
    width: 1600,
    height: 1067,
    altText: 'Morning light on the walls of a slot canyon',
    caption: '',
    sources: [
      { __typename: 'PhotoSource', type: 'image/avif', srcSet: set('avif') },
      { __typename: 'PhotoSource', type: 'image/webp', srcSet: set('webp') },
      { __typename: 'PhotoSource', type: 'image/jpeg', srcSet: set('jpg') },
    ],
    ...overrides,
  } as Typed<Photo, 'Photo'>;
}

/** Workshop.paymentOptions offering only these options (the others with a reason). */
export function offersOnly(...options: Array<'full' | 'deposit' | 'payment_plan'>): Workshop['paymentOptions'] {
  return (['full', 'deposit', 'payment_plan'] as const).map((option) => ({
    __typename: 'PaymentOptionOffer' as const,
    option,
    available: options.includes(option),
    reason: options.includes(option) ? null : 'Not offered for these dates.',
  }));
}

type AdminWorkshop = AdminWorkshopsQuery['adminWorkshops']['workshops'][number];

/** A workshop as the admin's Workshops tab reads it (every stored field). */
export function anAdminWorkshop(overrides: Partial<AdminWorkshop> = {}): Typed<AdminWorkshop, 'Workshop'> {
  const { availableSpots: _a, durationDays: _d, priceCents: _p, boardOpen: _b, ...w } = aWorkshop();
  return {
    ...w,
    timeZone: 'America/Denver',
    minimumParticipants: 6,
    spotsClaimed: 0,
    archived: false,
    cancelled: false,
    decisionDate: null,
    ...overrides,
    hasEnded: overrides.hasEnded ?? overrides.hasStarted ?? false,
    __typename: 'Workshop',
  };
}

/** A confirmed booking of two photographers and a spouse in a private room, deposit paid, with every participant field. */
export function aBooking(overrides: Partial<Booking> = {}): Typed<Booking, 'Booking'> {
  return {
    __typename: 'Booking',
    id: 'b-1',
    reference: 'WL-7KQ2M',
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
    promoCode: null,
    discount: 0,
    amountDueNow: 2321.25,
    amountPaid: 2321.25,
    amountRefunded: 0,
    balance: 5416.25,
    paymentStatus: 'deposit_paid',
    status: 'confirmed',
    holdExpiresAt: null,
    // Zion starts 2026-04-13: the balance is due 60 days before. Paid through the payment provider.
    balanceDueDate: '2026-02-12',
    paysOnline: true,
    createdAt: '2026-01-10T15:00:00.000Z',
    ...overrides,
  };
}

let seq = 0;

/** A community message, posted `minutesAgo` (default 5) before now unless `createdAt` is given. */
export function aMessage(overrides: Partial<Message> & { minutesAgo?: number } = {}): Typed<Message, 'CommunityMessage'> {
  const { minutesAgo = 5, ...rest } = overrides;
  seq += 1;
  return {
    __typename: 'CommunityMessage',
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    workshopId: 'zion-canyon-light',
    workshopName: 'Zion Canyon Light & Slot Canyons',
    authorName: 'Maria Garcia',
    authorEmail: 'maria@example.com',
    message: 'Anyone driving from Las Vegas?',
    topic: 'ride_sharing',
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...rest,
  };
}

/** One page of messages, as `messages(...)` answers it. */
export function aMessagePage(messages: Message[], more: { hasMore?: boolean; nextCursor?: string | null } = {}) {
  return { __typename: 'MessagePage' as const, hasMore: more.hasMore ?? false, nextCursor: more.nextCursor ?? null, messages };
}

/** The participants summary of a workshop. */
export function aParticipantsSummary(
  workshopId: string,
  bookings: Array<{ customerName: string; numParticipants: number }>,
): Typed<ParticipantsQuery['participants'], 'ParticipantsSummary'> {
  return {
    __typename: 'ParticipantsSummary',
    workshopId,
    totalParticipants: bookings.reduce((sum, b) => sum + b.numParticipants, 0),
    bookings: bookings.map((b) => ({ __typename: 'ParticipantBooking' as const, ...b })),
  };
}

/** A review. */
export function aTestimonial(overrides: Partial<Testimonial> = {}): Typed<Testimonial, 'Testimonial'> {
  return {
    __typename: 'Testimonial',
    id: 'rev-margaret-h',
    rating: 5,
    clientName: 'Margaret H.',
    location: 'Portland, Oregon',
    workshopAttended: 'Yellowstone in Winter: Wolves, Bison & Steam',
    reviewText: 'We saw wolves on two mornings and I finally understand how to expose for snow.',
    date: '2025-02-16',
    verified: true,
    sample: false,
    tripMonth: '2025-02',
    reply: null,
    ...overrides,
  };
}

/** The state of a Stripe Checkout session as checkoutStatus answers it (a paid deposit of $868.50). */
export function aCheckoutStatus(overrides: Partial<CheckoutStatusQuery['checkoutStatus']> = {}): Typed<CheckoutStatusQuery['checkoutStatus'], 'CheckoutStatus'> {
  return {
    __typename: 'CheckoutStatus',
    id: 'cs_test_1',
    paymentStatus: 'paid',
    status: 'complete',
    amountTotal: 86850,
    bookingReference: 'WL-7KQ2M',
    workshopName: 'Zion Canyon Light & Slot Canyons',
    workshopDates: 'Apr 13-18, 2026',
    confirmationMailSent: false,
    ...overrides,
  };
}

const WORKSHOPS = [
  { id: 'zion-canyon-light', name: 'Zion Canyon Light & Slot Canyons', location: 'Zion National Park', startDate: '2026-04-13', dates: 'Apr 13-18, 2026', availableSpots: 3 },
  { id: 'alaska-bears-glaciers', name: 'Alaska Brown Bears & Glaciers', location: 'Katmai National Park', startDate: '2026-07-20', dates: 'Jul 20-26, 2026', availableSpots: 10 },
];

/** A whole AdminDashboard answer: two workshops, totals and list sizes consistent with the given bookings and messages (each tab reads its own page: anAdminBookingPage, anAdminMessagePage). */
export function anAdminDashboard(
  options: {
    bookings?: BookingsTab_BookingFragment[];
    messages?: MessagesTab_MessageFragment[];
    imageUrls?: Record<string, string>;
  } = {},
): AdminDashboardQuery {
  const bookings = (options.bookings ?? [aBooking()]).map((b) => ({ __typename: 'Booking' as const, ...b }));
  const messages = (options.messages ?? [aMessage()]).map((m) => ({ __typename: 'CommunityMessage' as const, ...m }));
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
      ].map(({ location: _l, availableSpots: _a, ...w }) => w),
    },
    adminCounts: { __typename: 'AdminCounts', bookings: bookings.length, messages: messages.length },
    workshops: WORKSHOPS.map(({ startDate: _s, ...w }) => ({
      __typename: 'Workshop' as const,
      ...w,
      imageUrl: options.imageUrls?.[w.id] ?? `/images/workshops/${w.id}.svg`,
    })),
  } as AdminDashboardQuery;
}

/** How many of `rows` have each value of `key`, as the admin lists' counts answer it. */
function countsOf<T>(rows: T[], key: (row: T) => string) {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ __typename: 'FilterCount' as const, value, count }));
}

interface More {
  hasMore?: boolean;
  nextCursor?: string | null;
  totalCount?: number;
}

/** One page of the admin's bookings, as adminBookingPage answers it. */
export function anAdminBookingPage(bookings: BookingsTab_BookingFragment[], more: More = {}) {
  const items = bookings.map((b) => ({ ...b, __typename: 'Booking' as const }));
  return {
    __typename: 'AdminBookingPage' as const,
    items,
    nextCursor: more.nextCursor ?? null,
    hasMore: more.hasMore ?? false,
    totalCount: more.totalCount ?? items.length,
    paymentStatusCounts: countsOf(items, (b) => b.paymentStatus),
    statusCounts: countsOf(items, (b) => b.status),
    workshopCounts: countsOf(items, (b) => b.workshopId),
  };
}

/** One page of the admin's messages, as adminMessagePage answers it. */
export function anAdminMessagePage(messages: MessagesTab_MessageFragment[], more: More = {}) {
  const items = messages.map((m) => ({ ...m, __typename: 'CommunityMessage' as const }));
  return {
    __typename: 'AdminMessagePage' as const,
    items,
    nextCursor: more.nextCursor ?? null,
    hasMore: more.hasMore ?? false,
    totalCount: more.totalCount ?? items.length,
    topicCounts: countsOf(items, (m) => m.topic),
    workshopCounts: countsOf(items, (m) => m.workshopId),
  };
}

/** One page of a list with no counts per value (a waiting list, the overdue balances). */
export function aListPage<T>(typename: 'AdminWaitlistPage' | 'OverduePage', items: T[], more: More = {}) {
  return { __typename: typename, items, nextCursor: more.nextCursor ?? null, hasMore: more.hasMore ?? false, totalCount: more.totalCount ?? items.length };
}

/**
 * A booking's money as bookingAccount answers it: the deposit booking of aBooking on a workshop
 * far ahead (Dec 2027), $2,321.25 paid by card, the balance of $5,416.25 due, cancellable with
 * the 90+ days tier and transferable for free to one other workshop.
 */
export function aBookingAccount(overrides: Partial<Omit<Account, 'booking'>> & { booking?: Partial<Account['booking']> } = {}): Typed<Account, 'BookingAccount'> {
  const { booking, ...rest } = overrides;
  const b = aBooking();
  return {
    __typename: 'BookingAccount',
    booking: {
      __typename: 'Booking',
      id: b.id,
      reference: b.reference,
      customerName: b.customerName,
      numParticipants: b.numParticipants,
      numSpouses: b.numSpouses,
      roomType: b.roomType,
      paymentOption: 'deposit',
      paymentStatus: 'deposit_paid',
      status: 'confirmed',
      totalAmount: 7737.5,
      amountPaid: 2321.25,
      amountRefunded: 0,
      fees: 0,
      ...booking,
    },
    workshop: {
      __typename: 'Workshop',
      id: 'patagonia-towers',
      name: 'Patagonia Towers',
      location: 'Torres del Paine',
      state: 'Chile',
      dates: 'Dec 6-12, 2027',
    },
    payments: [
      {
        __typename: 'PaymentRecord',
        id: 'p-1',
        amount: 2321.25,
        method: 'card',
        purpose: 'first',
        installmentNumber: null,
        providerPaymentId: 'pi_first',
        note: null,
        receivedAt: '2026-11-20T15:00:00.000Z',
        refunded: 0,
      },
    ],
    refunds: [],
    schedule: [],
    balanceDueDate: '2027-10-07',
    balance: 5416.25,
    nextPayment: { __typename: 'NextPayment', label: 'Balance', amount: 5416.25, dueDate: '2027-10-07', overdue: false, canPayNow: true },
    cancellation: {
      __typename: 'CancellationQuoteView',
      daysBeforeStart: 378,
      fee: 200,
      paid: 2321.25,
      refund: 2121.25,
      kept: 200,
      explanation: '90 days or more before the start: everything paid comes back, minus the $200 cancellation fee.',
    },
    transfer: {
      __typename: 'TransferAvailability',
      allowed: true,
      fee: 0,
      reason: null,
      options: [
        {
          __typename: 'TransferOption',
          workshop: { __typename: 'Workshop', id: 'iceland-winter', name: 'Iceland Winter Light', dates: 'Feb 1-7, 2028' },
          newTotal: 8237.5,
          fee: 0,
          refundNow: 0,
          kept: 0,
          balanceAfter: 5916.25,
          balanceDueDate: '2027-12-03',
          cancelRefundAfter: 2121.25,
          terms: ['Nothing is refunded now.', '$5,916.25 is left to pay, due by December 3, 2027.', 'If you cancel after the transfer, you get $2,121.25 back today.'],
        },
      ],
    },
    refundsOwed: 0,
    ...rest,
  } as Typed<Account, 'BookingAccount'>; // nested objects carry their __typename too, which the generated types leave out
}

let auditSeq = 0;

/** An audit log entry (the admin cancelled Ada's booking, unless overridden). */
export function anAuditEvent(overrides: Partial<ActivityTable_EntryFragment> = {}): Typed<ActivityTable_EntryFragment, 'AuditEvent'> {
  auditSeq += 1;
  return {
    __typename: 'AuditEvent',
    id: String(1000 + auditSeq),
    at: '2026-03-02T15:04:00.000Z',
    actorType: 'admin',
    actor: 'admin',
    action: 'booking.cancelled',
    bookingId: 'b-1',
    workshopId: 'zion-canyon-light',
    before: JSON.stringify({ status: 'confirmed', paymentStatus: 'deposit_paid' }),
    after: JSON.stringify({ status: 'cancelled', paymentStatus: 'refund_due' }),
    detail: null,
    ...overrides,
  };
}

/** The answer of AdminActivity: one page of entries. */
export function anActivityPage(entries: ActivityTable_EntryFragment[], more: { hasMore?: boolean; nextCursor?: string | null } = {}): AdminActivityQuery {
  return {
    adminActivity: {
      __typename: 'AuditPage',
      entries: entries.map((e) => ({ __typename: 'AuditEvent' as const, ...e })),
      hasMore: more.hasMore ?? false,
      nextCursor: more.nextCursor ?? null,
    },
  } as AdminActivityQuery;
}
