import { ERRORS, ID_PARAMS, arrayOf, body, bool, instant, int, nullable, object, str } from './json-schema';

/** Know before you go as the REST API writes it (snake_case). */
export const KNOW_BEFORE_YOU_GO = object({
  workshop_id: str,
  meeting_address: str,
  meeting_map_url: nullable(str),
  meeting_time: str,
  weather: str,
  what_to_bring: str,
  emergency_phone: str,
  updated_at: instant,
});

const READINESS = object({ done: int, total: int, missing: arrayOf(str) });

export const DEPARTURE_TRAVELLER = object({
  traveller_id: nullable(str),
  booking_id: str,
  booking_reference: nullable(str),
  position: int,
  is_booker: bool,
  name: str,
  named: bool,
  email: nullable(str),
  age: nullable(int),
  room_type: str,
  health_concerns: nullable(str),
  dietary_restrictions: nullable(str),
  emergency_contact_name: nullable(str),
  emergency_contact_phone: nullable(str),
  emergency_contact_email: nullable(str),
  arrival: nullable(str),
  roommate_preference: nullable(str),
  readiness: { ...READINESS, type: ['object', 'null'] },
});

const RECIPIENT = object({ name: str, email: str, audience: str });
const RECIPIENT_STATE = object({ name: str, email: str, audience: str, delivery: str, sent_at: nullable(instant) });

export const DEPARTURE_MESSAGE = object({
  id: str,
  kind: str,
  subject: str,
  body: str,
  includes_waitlist: bool,
  created_at: instant,
  recipients: arrayOf(RECIPIENT_STATE),
});

export const DEPARTURE_VIEW = object({
  workshop_id: str,
  workshop_name: str,
  dates: str,
  start_date: str,
  time_zone: str,
  traveller_count: int,
  ready_count: int,
  travellers: arrayOf(DEPARTURE_TRAVELLER),
  rooms: arrayOf(object({ room_type: str, occupants: arrayOf(str), note: str })),
  know_before_you_go: { ...KNOW_BEFORE_YOU_GO, type: ['object', 'null'] },
  messages: arrayOf(DEPARTURE_MESSAGE),
});

const KBYG_BODY = body({ meeting_address: str, meeting_map_url: nullable(str), meeting_time: str, weather: str, what_to_bring: str, emergency_phone: str });
const MESSAGE_BODY = body({ subject: str, body: str, include_waitlist: bool });

export const DEPARTURE_ROUTES = {
  getKnowBeforeYouGo: { params: ID_PARAMS, response: { 200: { ...KNOW_BEFORE_YOU_GO, type: ['object', 'null'] }, ...ERRORS } },
  putKnowBeforeYouGo: { params: ID_PARAMS, body: KBYG_BODY, response: { 200: KNOW_BEFORE_YOU_GO, ...ERRORS } },
  readiness: {
    querystring: { type: 'object', properties: { workshop_ids: str } },
    response: { 200: arrayOf(object({ workshop_id: str, traveller_count: int, ready_count: int })), ...ERRORS },
  },
  view: { params: ID_PARAMS, response: { 200: DEPARTURE_VIEW, ...ERRORS } },
  csv: { params: ID_PARAMS, response: { 200: { type: 'string', description: 'text/csv' }, ...ERRORS } },
  preview: { params: ID_PARAMS, body: MESSAGE_BODY, response: { 200: object({ subject: str, text: str, recipients: arrayOf(RECIPIENT) }), ...ERRORS } },
  send: { params: ID_PARAMS, body: MESSAGE_BODY, response: { 201: DEPARTURE_MESSAGE, ...ERRORS } },
  travellerDeparture: {
    params: ID_PARAMS,
    querystring: { type: 'object', properties: { booking_id: str } },
    response: {
      200: object({
        know_before_you_go: { ...KNOW_BEFORE_YOU_GO, type: ['object', 'null'] },
        messages: arrayOf(object({ id: str, subject: str, body: str, sent_at: instant })),
      }),
      ...ERRORS,
    },
  },
  manage: {
    params: ID_PARAMS,
    response: {
      200: object({
        know_before_you_go: { ...KNOW_BEFORE_YOU_GO, type: ['object', 'null'] },
        messages: arrayOf(object({ id: str, subject: str, body: str, sent_at: instant })),
      }),
      ...ERRORS,
    },
  },
} as const;
