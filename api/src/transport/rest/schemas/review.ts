import { ReviewStatus } from '../../../testimonial/testimonial.entity';
import { ERRORS, ID_PARAMS, arrayOf, body, bool, instant, int, nullable, object, oneOf, str } from './json-schema';

/** The spec's Testimonial (read) JSON (section 3), exactly: what `GET /api/testimonials` answers. */
export const SPEC_TESTIMONIAL = object({
  id: str,
  rating: int,
  client_name: str,
  location: str,
  workshop_attended: str,
  review_text: str,
  date: str,
});

/** A review as a run's page reads it: the spec's fields and what issue 26 adds (verified, the run and month, the studio's answer). */
export const TESTIMONIAL = object({
  ...(SPEC_TESTIMONIAL.properties as Record<string, Record<string, unknown>>),
  verified: bool,
  sample: bool,
  workshop_id: nullable(str),
  trip_month: nullable(str),
  reply: nullable(str),
  replied_at: nullable(instant),
});

/** The admin's review: everything, with its state and consent. */
export const ADMIN_REVIEW = object({
  ...(TESTIMONIAL.properties as Record<string, Record<string, unknown>>),
  status: oneOf(Object.values(ReviewStatus)),
  consent_to_publish: bool,
  booking_id: nullable(str),
  created_at: nullable(instant),
  published_at: nullable(instant),
});

export const REVIEW_INVITATION = object({
  workshop_name: str,
  dates: str,
  trip_month: str,
  name: str,
  location: str,
  already_written: bool,
  expires_at: instant,
});

const LINK = { booking_id: str, token: str };

export const REVIEW_ROUTES = {
  testimonials: { response: { 200: arrayOf(SPEC_TESTIMONIAL), ...ERRORS } },
  workshopReviews: { params: ID_PARAMS, response: { 200: arrayOf(TESTIMONIAL), ...ERRORS } },
  invitation: { body: body(LINK, ['booking_id', 'token']), response: { 200: REVIEW_INVITATION, ...ERRORS } },
  submit: {
    body: body({ ...LINK, rating: int, text: str, name: str, location: nullable(str), consent_to_publish: bool }, ['booking_id', 'token', 'rating', 'text', 'name', 'consent_to_publish']),
    response: { 201: ADMIN_REVIEW, ...ERRORS },
  },
  adminList: { querystring: object({ status: oneOf(Object.values(ReviewStatus)) }, ['status']), response: { 200: arrayOf(ADMIN_REVIEW), ...ERRORS } },
  moderate: { params: ID_PARAMS, response: { 200: ADMIN_REVIEW, ...ERRORS } },
  reply: { params: ID_PARAMS, body: body({ reply: str }, ['reply']), response: { 200: ADMIN_REVIEW, ...ERRORS } },
} as const;
