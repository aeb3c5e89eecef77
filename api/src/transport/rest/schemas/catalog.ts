import { DifficultyLevel, WorkshopType } from '../../../workshop/workshop.types';
import { PaymentOption } from '../../../booking/booking.types';
import { MessageTopic, TOPIC_FILTERS } from '../../../community/community.types';
import { ERRORS, ID_PARAMS, arrayOf, body, bool, date, instant, int, nullable, num, object, oneOf, str } from './json-schema';

/** The spec's Workshop (read) JSON (section 3) and the calendar facts (decision 059): workshop.rest.ts workshopJson. */
export const WORKSHOP = object({
  id: str,
  name: str,
  description: str,
  location: str,
  state: str,
  dates: str,
  duration_days: int,
  price: num,
  available_spots: int,
  difficulty_level: oneOf(Object.values(DifficultyLevel)),
  workshop_type: oneOf(Object.values(WorkshopType)),
  image_url: str,
  highlights: arrayOf(str),
  itinerary: str,
  private_room_supplement: num,
  start_date: date,
  end_date: date,
  time_zone: str,
  has_started: bool,
  cancelled: bool,
  payment_options: arrayOf(object({ option: oneOf(Object.values(PaymentOption)), available: bool, reason: nullable(str) })),
  board_open: bool,
});

/** The admin editor's workshop: the public JSON plus every stored field (admin-workshop.rest.ts). */
export const ADMIN_WORKSHOP = object({
  ...(WORKSHOP.properties as Record<string, Record<string, unknown>>),
  capacity: int,
  minimum_participants: int,
  spots_claimed: int,
  price_cents: int,
  private_room_supplement_cents: nullable(int),
  archived: bool,
  decision_date: nullable(date),
  cancelled: bool,
  cancelled_at: nullable(instant),
  archived_at: nullable(instant),
  created_at: instant,
  updated_at: instant,
});


/** The spec's Community message JSON (section 3): never the author's email. */
export const MESSAGE = object({ id: str, workshop_id: str, author_name: str, message: str, topic: oneOf(Object.values(MessageTopic)), created_at: instant });

export const PARTICIPANTS = object({ total_participants: int, bookings: arrayOf(object({ customer_name: str, num_participants: int })) });

export const CATALOG_ROUTES = {
  health: { response: { 200: object({ status: str, database: str }), 503: object({ status: str, database: str }), ...ERRORS } },
  altchaChallenge: {
    // ALTCHA's challenge as altcha-lib makes it (its widget reads it): passed through whole.
    response: { 200: { type: 'object', additionalProperties: true, description: 'An ALTCHA challenge (altcha-lib)' }, ...ERRORS },
  },
  // The list is sent as bytes serialised once per catalog snapshot (workshop.rest.ts): the schema documents it.
  workshops: { response: { 200: arrayOf(WORKSHOP), ...ERRORS } },
  workshop: { params: ID_PARAMS, response: { 200: WORKSHOP, ...ERRORS } },
  messages: {
    params: ID_PARAMS,
    querystring: object({ topic: oneOf(TOPIC_FILTERS) }, ['topic']),
    response: { 200: arrayOf(MESSAGE), ...ERRORS },
  },
  postMessage: {
    params: ID_PARAMS,
    body: body({ workshop_id: str, author_name: str, author_email: str, message: str, topic: oneOf(Object.values(MessageTopic)), website: str }, [
      'author_name',
      'author_email',
      'message',
    ]),
    response: { 201: MESSAGE, ...ERRORS },
  },
  participants: { params: ID_PARAMS, response: { 200: PARTICIPANTS, ...ERRORS } },
} as const;
