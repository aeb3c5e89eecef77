import { BookingStatus, PaymentStatus } from '../../../shared/booking-status';
import { ExperienceLevel, PaymentOption, RoomType } from '../../../booking/booking.types';
import { WaitlistState } from '../../../waitlist/waitlist.types';
import { FinishOutcome, RecoveryState } from '../../../recovery/resume-checkout';
import { ERRORS, ID_PARAMS, arrayOf, body, bool, date, instant, int, nullable, num, object, oneOf, str } from './json-schema';

/**
 * The fields of a booking both views share, in the answer's order; `admin`
 * adds the admin-only ones (booking-json.ts bookingJson/adminBookingJson).
 */
const BOOKING_FIELDS = {
  id: str,
  /** The short reference a customer quotes (WL-XXXXX, decision 078); null for a row written outside the app. */
  reference: nullable(str),
  workshop_id: str,
  workshop_name: str,
  customer_name: str,
  customer_email: str,
  num_participants: int,
  num_spouses: int,
  room_type: oneOf(Object.values(RoomType)),
  payment_option: oneOf(Object.values(PaymentOption)),
  installments: nullable(int),
  experience_level: oneOf(Object.values(ExperienceLevel)),
  camera_body: str,
  lenses: str,
  other_equipment: nullable(str),
  special_requests: nullable(str),
  trip_goals: str,
  total_amount: num,
  promo_code: nullable(str),
  discount: num,
  amount_due_now: num,
  amount_paid: num,
  amount_refunded: num,
  fees: num,
  balance: num,
  payment_status: oneOf(Object.values(PaymentStatus)),
  status: oneOf(Object.values(BookingStatus)),
  hold_expires_at: nullable(instant),
};

/** The public Booking (read) JSON: the spec's confirmation fields, never health, age, phone or emergency contacts. */
export const BOOKING = object({ ...BOOKING_FIELDS, created_at: instant });

/** GET and POST /api/bookings add when the rest falls due and whether it is paid online (issue 21). */
export const BOOKING_WITH_DUE = object({ ...BOOKING_FIELDS, balance_due_date: nullable(date), pays_online: bool, created_at: instant });

/** The admin's Booking JSON: every field of spec section 3, in the spec's order, and the short reference. */
export const ADMIN_BOOKING = object({
  id: str,
  reference: BOOKING_FIELDS.reference,
  workshop_id: str,
  workshop_name: str,
  customer_name: str,
  customer_email: str,
  customer_phone: str,
  num_participants: int,
  room_type: BOOKING_FIELDS.room_type,
  num_spouses: int,
  payment_option: BOOKING_FIELDS.payment_option,
  installments: nullable(int),
  special_requests: nullable(str),
  age: nullable(int),
  experience_level: BOOKING_FIELDS.experience_level,
  camera_body: str,
  lenses: str,
  other_equipment: nullable(str),
  health_concerns: nullable(str),
  dietary_restrictions: nullable(str),
  trip_goals: str,
  emergency_contact_name: str,
  emergency_contact_phone: str,
  emergency_contact_email: str,
  total_amount: num,
  promo_code: nullable(str),
  discount: num,
  amount_due_now: num,
  amount_paid: num,
  amount_refunded: num,
  fees: num,
  balance: num,
  payment_status: BOOKING_FIELDS.payment_status,
  status: BOOKING_FIELDS.status,
  hold_expires_at: nullable(instant),
  created_at: instant,
});

/** The spec's Booking (create) body, section 3 (snake_case). */
export const BOOKING_BODY = body(
  {
    workshop_id: str,
    customer_name: str,
    customer_email: str,
    customer_phone: str,
    num_participants: int,
    room_type: oneOf(Object.values(RoomType)),
    num_spouses: int,
    payment_option: oneOf(Object.values(PaymentOption)),
    special_requests: nullable(str),
    age: int,
    experience_level: oneOf(Object.values(ExperienceLevel)),
    camera_body: str,
    lenses: str,
    other_equipment: nullable(str),
    health_concerns: nullable(str),
    dietary_restrictions: nullable(str),
    trip_goals: str,
    emergency_contact_name: str,
    emergency_contact_phone: str,
    emergency_contact_email: str,
    altcha: str,
    offer_token: str,
    credit_code: str,
    promo_code: str,
    recovery_consent: bool,
    travellers: arrayOf(body({ name: nullable(str), email: nullable(str), later: bool })),
  },
  [
    'workshop_id',
    'customer_name',
    'customer_email',
    'customer_phone',
    'num_participants',
    'age',
    'camera_body',
    'lenses',
    'trip_goals',
    'emergency_contact_name',
    'emergency_contact_phone',
    'emergency_contact_email',
  ],
);

const WAITLIST_ENTRY_FIELDS = {
  id: str,
  workshop_id: str,
  name: str,
  spots: int,
  state: oneOf(Object.values(WaitlistState)),
  created_at: instant,
  confirmed_at: nullable(instant),
};

/** A waiting-list entry as the person who joined sees it (no email, no offer). */
export const WAITLIST_ENTRY = object(WAITLIST_ENTRY_FIELDS);

/** The admin's view: the offer made and the booking it became. */
export const ADMIN_WAITLIST_ENTRY = object({
  ...WAITLIST_ENTRY_FIELDS,
  email: str,
  offered_at: nullable(instant),
  offer_expires_at: nullable(instant),
  booking_id: nullable(str),
});

export const BOOKING_ROUTES = {
  create: { body: BOOKING_BODY, response: { 201: BOOKING_WITH_DUE, ...ERRORS } },
  read: { params: ID_PARAMS, response: { 200: BOOKING_WITH_DUE, ...ERRORS } },
  joinWaitlist: {
    params: ID_PARAMS,
    body: body({ workshop_id: str, name: str, email: str, spots: int, altcha: str }, ['name', 'email', 'spots']),
    response: { 201: WAITLIST_ENTRY, ...ERRORS },
  },
  confirmWaitlist: {
    params: ID_PARAMS,
    body: body({ token: str }, ['token']),
    response: { 200: object({ ...WAITLIST_ENTRY_FIELDS, workshop_name: str, position: nullable(int) }), ...ERRORS },
  },
  resumeCheckout: {
    body: body({ booking_id: str, token: str }, ['booking_id', 'token']),
    response: {
      200: object({
        booking_id: str,
        workshop_id: str,
        customer_name: str,
        customer_email: str,
        customer_phone: str,
        num_participants: int,
        room_type: str,
        num_spouses: int,
        payment_option: str,
        spots_left: int,
        state: oneOf(Object.values(RecoveryState)),
        existing_booking_id: nullable(str),
        workshop_name: str,
        workshop_dates: str,
        payment_option_now: str,
        payment_option_note: nullable(str),
        subtotal_cents: int,
        discount_cents: int,
        total_cents: int,
        due_now_cents: int,
        installments: nullable(int),
        promo_code: nullable(str),
        promo_code_note: nullable(str),
        code_returned: bool,
      }),
      ...ERRORS,
    },
  },
  finishCheckout: {
    body: body({ booking_id: str, token: str, promo_code: nullable(str), altcha: str }, ['booking_id', 'token']),
    response: {
      200: object({ outcome: oneOf(Object.values(FinishOutcome)), booking_id: str, url: nullable(str), session_id: nullable(str) }),
      ...ERRORS,
    },
  },
} as const;
