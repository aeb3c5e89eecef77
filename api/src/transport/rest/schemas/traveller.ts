import { ERRORS, ID_PARAMS, arrayOf, body, bool, date, instant, int, nullable, object, str } from './json-schema';

const READINESS = object({ tasks_done: int, tasks_total: int, missing: arrayOf(str) });

/** One traveller's tasks page (snake_case). */
export const TRAVELLER_TASKS = object({
  traveller_id: str,
  booking_id: str,
  position: int,
  name: nullable(str),
  email: nullable(str),
  workshop_id: str,
  workshop_name: str,
  start_date: date,
  end_date: date,
  workshop_type: str,
  room_type: str,
  deadline: date,
  waiver: object({ version: int, text: str, content_hash: str, signed: bool, signed_name: nullable(str), signed_at: nullable(instant) }),
  age: nullable(int),
  health_concerns: nullable(str),
  dietary_restrictions: nullable(str),
  emergency_contact_name: nullable(str),
  emergency_contact_phone: nullable(str),
  emergency_contact_email: nullable(str),
  health_confirmed_at: nullable(instant),
  arrival_date: nullable(str),
  arrival_time: nullable(str),
  arrival_by: nullable(str),
  flight_number: nullable(str),
  roommate_preference: nullable(str),
  roommate_name: nullable(str),
  travel_confirmed_at: nullable(instant),
  gear: arrayOf(object({ id: str, label: str, required: bool, ticked: bool })),
  readiness: READINESS,
});

export const BOOKING_TRAVELLERS = object({
  booking_id: str,
  deadline: date,
  can_edit_travellers: bool,
  travellers: arrayOf(object({ traveller_id: str, position: int, name: nullable(str), email: nullable(str), readiness: READINESS })),
});

const WAIVER_VERSION = object({ version: int, text: str, content_hash: str, created_at: nullable(instant) });
export const WORKSHOP_WAIVER = object({ workshop_id: str, current: WAIVER_VERSION, versions: arrayOf(WAIVER_VERSION) });

const ACCESS = { token: str, booking_id: str };

export const TRAVELLER_ROUTES = {
  read: { params: ID_PARAMS, querystring: object({ booking_id: str }, ['booking_id']), response: { 200: TRAVELLER_TASKS, ...ERRORS } },
  signWaiver: { params: ID_PARAMS, body: body({ ...ACCESS, full_name: str, consent: bool, content_hash: str }, ['full_name', 'consent', 'content_hash']), response: { 200: TRAVELLER_TASKS, ...ERRORS } },
  health: {
    params: ID_PARAMS,
    body: body({ ...ACCESS, age: int, health_concerns: nullable(str), dietary_restrictions: nullable(str), emergency_contact_name: str, emergency_contact_phone: str, emergency_contact_email: str }),
    response: { 200: TRAVELLER_TASKS, ...ERRORS },
  },
  travel: {
    params: ID_PARAMS,
    body: body({ ...ACCESS, arrival_date: date, arrival_time: str, arrival_by: str, flight_number: nullable(str), roommate_preference: nullable(str), roommate_name: nullable(str) }),
    response: { 200: TRAVELLER_TASKS, ...ERRORS },
  },
  gear: { params: ID_PARAMS, body: body({ ...ACCESS, ticked: arrayOf(str) }, ['ticked']), response: { 200: TRAVELLER_TASKS, ...ERRORS } },
  bookingTravellers: { params: ID_PARAMS, response: { 200: BOOKING_TRAVELLERS, ...ERRORS } },
  nameTraveller: {
    params: object({ id: str, travellerId: str }),
    body: body({ token: str, name: str, email: str }, ['name', 'email']),
    response: { 200: BOOKING_TRAVELLERS, ...ERRORS },
  },
  adminWaiver: { params: ID_PARAMS, response: { 200: WORKSHOP_WAIVER, ...ERRORS } },
  adminSaveWaiver: { params: ID_PARAMS, body: body({ text: str }, ['text']), response: { 200: WORKSHOP_WAIVER, ...ERRORS } },
  adminSignedPdf: { params: ID_PARAMS, response: { 200: { type: 'string', description: 'application/pdf' }, ...ERRORS } },
} as const;
