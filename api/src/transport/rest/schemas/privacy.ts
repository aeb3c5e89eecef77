import { ERRORS, anyJson, body, instant, int, object, str } from './json-schema';

const EMAIL_BODY = body({ email: str }, ['email']);

/** The admin's export and erasure of one customer (docs/decisions/101). */
export const PRIVACY_ROUTES = {
  export: { body: EMAIL_BODY, response: { 200: object({ email: str, exported_at: instant, sections: anyJson }), ...ERRORS } },
  exportCsv: { body: EMAIL_BODY, response: { 200: { type: 'string', description: 'text/csv' }, ...ERRORS } },
  erase: {
    body: EMAIL_BODY,
    response: { 200: object({ request_id: str, bookings: int, travellers: int, messages: int, reviews: int, waitlist_entries: int, mails: int, credits: int, audit_entries: int }), ...ERRORS },
  },
} as const;
