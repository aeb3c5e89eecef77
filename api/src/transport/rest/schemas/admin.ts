import { BookingSortField, SortDirection } from '../../../admin/admin-lists.input';
import { MessageTopic } from '../../../community/community.types';
import { BookingStatus, PaymentStatus } from '../../../booking/booking.types';
import { WaitlistState } from '../../../waitlist/waitlist.types';
import { ACTOR_TYPES } from '../../../shared/audit-actions';
import { DifficultyLevel, WorkshopType } from '../../../workshop/workshop.types';
import { ADMIN_BOOKING, ADMIN_WAITLIST_ENTRY } from './booking';
import { ADMIN_WORKSHOP, WORKSHOP } from './catalog';
import { ERRORS, ID_PARAMS, anyJson, pagedQuery, arrayOf, body, bool, date, instant, int, nullable, num, object, oneOf, str } from './json-schema';

export const ADMIN_STATS = object({
  total_workshops: int,
  total_bookings: int,
  total_revenue: num,
  total_messages: int,
  workshops: arrayOf(
    object({
      id: str,
      name: str,
      start_date: date,
      capacity: int,
      minimum_participants: int,
      spots_sold: int,
      spots_held: int,
      reached_minimum: bool,
      bookings: int,
      revenue: num,
    }),
  ),
  unmatched_payments: arrayOf(
    object({ session_id: str, booking_id: nullable(str), amount: nullable(num), currency: nullable(str), reason: str, received_at: instant }),
  ),
});

/** A community message in the admin view: with workshop_name and the author's email. */
export const ADMIN_MESSAGE = object({
  id: str,
  workshop_id: str,
  workshop_name: str,
  author_name: str,
  author_email: str,
  message: str,
  topic: oneOf(Object.values(MessageTopic)),
  created_at: instant,
});

export const AUDIT_ENTRY = object({
  id: int,
  at: instant,
  actor_type: oneOf(ACTOR_TYPES),
  actor: str,
  action: str,
  booking_id: nullable(str),
  workshop_id: nullable(str),
  before: anyJson,
  after: anyJson,
  detail: nullable(str),
});

/** What the audit search takes as query parameters (all text, as a query string is). */
const PERIOD_QUERY = object({ from: str, to: str }, ['from', 'to']);
const MONTH_MONEY = object({ month: str, received_cents: int, refunded_cents: int, net_cents: int });
const MONTH_TO_COME = object({ month: str, balances_cents: int, installments_cents: int, total_cents: int });
const RUN_OCCUPANCY = object({ workshop_id: str, name: str, dates: str, capacity: int, sold: int, held: int, free: int, minimum: int });
const GIFT_CARD_FIGURES = { sold_count: int, sold_cents: int, issued_cents: int, redeemed_cents: int, voided_cents: int, refunded_cents: int, expired_cents: int, outstanding_cents: int };
const OWNER_DASHBOARD = object({
  from: str,
  to: str,
  received_cents: int,
  refunded_cents: int,
  net_cents: int,
  money: arrayOf(MONTH_MONEY),
  to_come: arrayOf(MONTH_TO_COME),
  occupancy: arrayOf(RUN_OCCUPANCY),
  payment_options: arrayOf(object({ option: str, bookings: int })),
  gift_cards: object({ ...GIFT_CARD_FIGURES, months: arrayOf(object({ month: str, ...GIFT_CARD_FIGURES })) }),
  promo_codes: object({
    uses: int,
    discount_cents: int,
    months: arrayOf(object({ month: str, uses: int, discount_cents: int })),
    codes: arrayOf(object({ code: str, uses: int, discount_cents: int, paid_cents: int })),
  }),
});
const LEDGER_LINE = object({
  kind: str,
  date: str,
  amount_cents: int,
  method: str,
  purpose: str,
  stripe_id: nullable(str),
  booking_id: nullable(str),
  booking_reference: nullable(str),
  customer_name: str,
  workshop_id: nullable(str),
  workshop_name: nullable(str),
  gift_card: nullable(str),
  promo_code: nullable(str),
});

const ACTIVITY_QUERY = object({ text: str, action: str, booking_id: str, workshop_id: str, from: instant, to: instant, limit: str, cursor: str }, [
  'text',
  'action',
  'booking_id',
  'workshop_id',
  'from',
  'to',
  'limit',
  'cursor',
]);

const CREATED_RANGE = {
  from: { ...instant, description: 'Created at or after this instant (ISO 8601).' },
  to: { ...instant, description: 'Created before this instant (ISO 8601), exclusive.' },
};

/** GET /api/admin/bookings: newest first, or in the sort asked for. */
const BOOKINGS_QUERY = pagedQuery({
  text: {
    type: 'string',
    description: 'Words found in the id, customer name, email or phone, workshop name, emergency contact name or camera body: each the start of a word there ("gra" finds Grace); a word with a part under 3 characters anywhere in those.',
  },
  workshop_id: { type: 'string', description: 'One workshop run.' },
  status: oneOf(Object.values(BookingStatus)),
  payment_status: oneOf(Object.values(PaymentStatus)),
  ...CREATED_RANGE,
  sort_by: {
    ...oneOf(Object.values(BookingSortField)),
    description: 'The column to sort by: created (the default), name (customer), workshop (its name), spots, paid (amount paid), status (payment status); ties by booking id. A cursor belongs to its sort and direction.',
  },
  direction: { ...oneOf(Object.values(SortDirection)), description: 'desc (the default: newest, Z, largest first) or asc.' },
});

/** GET /api/admin/messages: every board, newest first. */
const MESSAGES_QUERY = pagedQuery({
  workshop_id: { type: 'string', description: "One workshop's board." },
  topic: oneOf(Object.values(MessageTopic)),
  ...CREATED_RANGE,
  direction: { ...oneOf(Object.values(SortDirection)), description: 'By time posted: desc (the default: newest first) or asc.' },
});

/** GET /api/admin/workshops/{id}/waitlist: oldest first. */
const WAITLIST_QUERY = pagedQuery({ state: oneOf(Object.values(WaitlistState)) });

/** The editor's workshop body (snake_case); the input classes hold the rules. */
const WORKSHOP_BODY = body({
  id: str,
  name: str,
  description: str,
  location: str,
  state: str,
  start_date: date,
  end_date: date,
  time_zone: str,
  price: num,
  capacity: int,
  minimum_participants: int,
  difficulty_level: oneOf(Object.values(DifficultyLevel)),
  workshop_type: oneOf(Object.values(WorkshopType)),
  image_url: str,
  highlights: arrayOf(str),
  itinerary: str,
  private_room_supplement: nullable(num),
  decision_date: nullable(date),
});


export const ADMIN_ROUTES = {
  login: {
    body: body({ password: str }, ['password']),
    response: { 200: object({ success: bool, second_factor_required: bool, second_factor_methods: arrayOf(str) }, ['second_factor_required', 'second_factor_methods']), 401: object({ success: bool, detail: str }), ...ERRORS },
  },
  stats: { response: { 200: ADMIN_STATS, ...ERRORS } },
  ownerDashboard: { querystring: PERIOD_QUERY, response: { 200: OWNER_DASHBOARD, ...ERRORS } },
  ledger: { querystring: PERIOD_QUERY, response: { 200: arrayOf(LEDGER_LINE), ...ERRORS } },
  ledgerCsv: { querystring: PERIOD_QUERY, response: { 200: { type: 'string', description: 'text/csv' }, ...ERRORS } },
  bookings: { querystring: BOOKINGS_QUERY, response: { 200: arrayOf(ADMIN_BOOKING), ...ERRORS } },
  messages: { querystring: MESSAGES_QUERY, response: { 200: arrayOf(ADMIN_MESSAGE), ...ERRORS } },
  deleteMessage: { params: ID_PARAMS, response: { 200: object({ success: bool, id: str }), ...ERRORS } },
  recordPayment: { params: ID_PARAMS, body: body({ amount: num }, ['amount']), response: { 200: ADMIN_BOOKING, ...ERRORS } },
  // The spec sends the address as a query parameter with an empty body.
  workshopPhoto: { params: ID_PARAMS, querystring: object({ image_url: str }), response: { 200: WORKSHOP, ...ERRORS } },
  workshopWaitlist: { params: ID_PARAMS, querystring: WAITLIST_QUERY, response: { 200: arrayOf(ADMIN_WAITLIST_ENTRY), ...ERRORS } },
  removeWaitlistEntry: { params: ID_PARAMS, response: { 200: ADMIN_WAITLIST_ENTRY, ...ERRORS } },
  activity: {
    querystring: ACTIVITY_QUERY,
    response: { 200: object({ entries: arrayOf(AUDIT_ENTRY), next_cursor: nullable(str), has_more: bool }), ...ERRORS },
  },
  // The CSV export streams text/csv (a header row, then one row per entry); errors are JSON.
  activityCsv: { querystring: ACTIVITY_QUERY, response: { 200: { type: 'string', description: 'text/csv' }, ...ERRORS } },
  editorList: { querystring: object({ limit: str, cursor: str }, ['limit', 'cursor']), response: { 200: arrayOf(ADMIN_WORKSHOP), ...ERRORS } },
  editorCreate: { body: WORKSHOP_BODY, response: { 201: ADMIN_WORKSHOP, ...ERRORS } },
  editorUpdate: { params: ID_PARAMS, body: WORKSHOP_BODY, response: { 200: ADMIN_WORKSHOP, ...ERRORS } },
  editorScheduleAgain: { params: ID_PARAMS, body: body({ id: str, start_date: date }, ['id', 'start_date']), response: { 201: ADMIN_WORKSHOP, ...ERRORS } },
  editorArchive: { params: ID_PARAMS, response: { 200: ADMIN_WORKSHOP, ...ERRORS } },
} as const;


