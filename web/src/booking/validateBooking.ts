import { POLICY } from 'api/shared/policy';
import { EMAIL_HINT, EMAIL_PATTERN, fullMatch, PHONE_HINT, PHONE_PATTERN } from 'api/shared/formats';
import type { FieldErrors } from '../forms/useForm';
import type { BookingFormValues, BookingTextField } from './BookingForm';

export type BookingErrors = FieldErrors<BookingTextField>;

const EMAIL = fullMatch(EMAIL_PATTERN);
const PHONE = fullMatch(PHONE_PATTERN);
const wholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/**
 * The booking form's checks before anything is sent (spec section 5), in the
 * site's words, one message per field shown next to it: the same rules the
 * server's BookingInput applies, so what passes here is not refused there.
 */
export function validateBooking(v: BookingFormValues, availableSpots: number): BookingErrors {
  const e: BookingErrors = {};
  const required = (name: BookingTextField, message: string) => {
    if (!(v[name] ?? '').trim()) e[name] = message;
  };
  required('customer_name', 'Please enter your full name.');
  if (!v.customer_email.trim()) e.customer_email = 'Please enter your email address.';
  else if (!EMAIL.test(v.customer_email.trim())) e.customer_email = EMAIL_HINT;
  if (!v.customer_phone.trim()) e.customer_phone = 'Please enter a phone number.';
  else if (!PHONE.test(v.customer_phone.trim())) e.customer_phone = PHONE_HINT;
  if (!v.age.trim()) e.age = 'Please enter your age.';
  else if (!wholeIn(v.age, POLICY.minAge, POLICY.maxAge)) e.age = `Participants must be ${POLICY.minAge} to ${POLICY.maxAge} years old.`;
  const spots = Math.max(1, availableSpots);
  if (!wholeIn(v.num_participants, 1, spots)) {
    e.num_participants = spots === 1 ? 'One spot is left: book for 1 participant.' : `Choose between 1 and ${spots} participants.`;
  }
  if (v.num_spouses.trim() && !wholeIn(v.num_spouses, 0, POLICY.maxSpouses)) e.num_spouses = `Choose between 0 and ${POLICY.maxSpouses} spouses or partners.`;
  required('camera_body', 'Please tell us your camera body.');
  required('lenses', 'Please list the lenses you will bring.');
  required('trip_goals', 'Please tell us what you want to get out of this trip.');
  required('emergency_contact_name', 'Please enter an emergency contact.');
  if (!v.emergency_contact_phone.trim()) e.emergency_contact_phone = 'Please enter the emergency contact’s phone number.';
  else if (!PHONE.test(v.emergency_contact_phone.trim())) e.emergency_contact_phone = PHONE_HINT;
  if (!v.emergency_contact_email.trim()) e.emergency_contact_email = 'Please enter the emergency contact’s email address.';
  else if (!EMAIL.test(v.emergency_contact_email.trim())) e.emergency_contact_email = EMAIL_HINT;
  return e;
}
