/**
 * Domain errors: one enum of codes, each with its HTTP status. Services throw
 * AppError; the REST shim turns it into a status + JSON body and the GraphQL
 * layer into an error with `extensions.code` (and the bad fields, if any).
 */
export enum ErrorCode {
  BAD_USER_INPUT = 'BAD_USER_INPUT',
  BAD_REQUEST = 'BAD_REQUEST',
  NOT_FOUND = 'NOT_FOUND',
  SOLD_OUT = 'SOLD_OUT',
  /** The workshop has started (its first day has come in its time zone): it takes no bookings (docs/decisions/059). */
  WORKSHOP_STARTED = 'WORKSHOP_STARTED',
  /** The workshop ended more than 30 days ago: its community board is read-only (docs/decisions/059). */
  BOARD_CLOSED = 'BOARD_CLOSED',
  /** The admin cancelled the workshop: it takes no bookings (docs/decisions/063). */
  WORKSHOP_CANCELLED = 'WORKSHOP_CANCELLED',
  CONFLICT = 'CONFLICT',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  /** The admin password was right, but a second factor is enrolled and the request has no open session (docs/decisions/092). */
  SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED',
  RATE_LIMITED = 'RATE_LIMITED',
  /** The client or customer already holds as many unpaid spots as one may (docs/decisions/056). */
  HOLD_LIMIT_REACHED = 'HOLD_LIMIT_REACHED',
  /** The request needs a solved proof-of-work challenge (field `altcha`), or its solution was refused. */
  CHALLENGE_REQUIRED = 'CHALLENGE_REQUIRED',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  PAYMENT_PROVIDER_ERROR = 'PAYMENT_PROVIDER_ERROR',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',

  // booking: why a booking's move was refused (booking/booking-lifecycle.ts, booking.service.ts)
  /** The booking changed since it was read (a compare-and-set lost): reload and try again. */
  BOOKING_CHANGED = 'BOOKING_CHANGED',
  /** The booking was released already (expired or cancelled): it cannot be released again. */
  BOOKING_ALREADY_RELEASED = 'BOOKING_ALREADY_RELEASED',
  /** Only a confirmed booking can move to another workshop. */
  BOOKING_NOT_TRANSFERABLE = 'BOOKING_NOT_TRANSFERABLE',
  /** A released booking takes no payments recorded by the admin: the customer books again. */
  BOOKING_NOT_LIVE = 'BOOKING_NOT_LIVE',
  /** The booking is paid already (no checkout for it). */
  ALREADY_PAID = 'ALREADY_PAID',
  /** The hold lapsed before payment: the customer books again. */
  BOOKING_EXPIRED = 'BOOKING_EXPIRED',

  // waiting list (waitlist/)
  /** The spots asked for are free: book them instead of waiting. */
  SPOTS_AVAILABLE = 'SPOTS_AVAILABLE',
  /** This email already waits (or has an open request) for this workshop. */
  ALREADY_WAITING = 'ALREADY_WAITING',
  /** The client or email has as many open waiting-list requests or spots as one may (docs/decisions/067). */
  WAITLIST_LIMIT_REACHED = 'WAITLIST_LIMIT_REACHED',
  /** The confirmation link can no longer confirm (lapsed, or the request was removed): field `token`. */
  CONFIRMATION_LINK_CLOSED = 'CONFIRMATION_LINK_CLOSED',
  /** The waiting-list offer was used, withdrawn or expired: field `offerToken`. */
  OFFER_UNAVAILABLE = 'OFFER_UNAVAILABLE',
  /** The admin removes an entry that is booked, lapsed or removed already. */
  WAITLIST_ENTRY_CLOSED = 'WAITLIST_ENTRY_CLOSED',
  /** The entry changed since it was read (a compare-and-set lost): reload and try again. */
  WAITLIST_ENTRY_CHANGED = 'WAITLIST_ENTRY_CHANGED',

  // workshop editor (admin/workshop-editor.service.ts)
  /** A capacity below the spots already claimed (422, field `capacity`). */
  CAPACITY_BELOW_CLAIMED = 'CAPACITY_BELOW_CLAIMED',
  /** A new workshop's id is used by another workshop (field `id`). */
  WORKSHOP_ID_TAKEN = 'WORKSHOP_ID_TAKEN',
  /** Only a workshop that has started can be archived (field `workshopId`). */
  WORKSHOP_NOT_STARTED = 'WORKSHOP_NOT_STARTED',

  // personal data (privacy/, docs/decisions/101)
  /** The customer still has a live booking of a run that has not started: erasing them would break it. */
  CUSTOMER_HAS_LIVE_BOOKING = 'CUSTOMER_HAS_LIVE_BOOKING',

  // money: why a money move was refused (money/, payment/, credit/, workshop-cancellation/; docs/decisions/072)
  /** The transfer window has closed (too close to the workshop's start). */
  TRANSFER_WINDOW_CLOSED = 'TRANSFER_WINDOW_CLOSED',
  /** The refund the cancellation gives today differs from the one quoted (`expectedRefund`): review and confirm again. */
  REFUND_QUOTE_CHANGED = 'REFUND_QUOTE_CHANGED',
  /** The booking's payment slot is busy: a payment is being taken or prepared right now. */
  PAYMENT_IN_PROGRESS = 'PAYMENT_IN_PROGRESS',
  /** Nothing is left to pay on the booking. */
  NOTHING_TO_PAY = 'NOTHING_TO_PAY',
  /** A held booking's later payment: the first payment is still to be made from the booking page. */
  FIRST_PAYMENT_PENDING = 'FIRST_PAYMENT_PENDING',
  /** Online payment is switched off: the business arranges the payment. */
  ONLINE_PAYMENT_UNAVAILABLE = 'ONLINE_PAYMENT_UNAVAILABLE',
  /** No refund of a cancelled workshop waits for the customer's choice (it was made already). */
  NO_REFUND_WAITING = 'NO_REFUND_WAITING',
  /** The refund was claimed already (refund to the card being made, credit taken, or another request won). */
  REFUND_ALREADY_CLAIMED = 'REFUND_ALREADY_CLAIMED',
  /** The admin marks done a refund that is not owed (made, cancelled or done already). */
  REFUND_NOT_OWED = 'REFUND_NOT_OWED',
  /** The admin cancels a workshop that is cancelled already. */
  WORKSHOP_ALREADY_CANCELLED = 'WORKSHOP_ALREADY_CANCELLED',

  // promo codes (promo/, docs/decisions/096)
  /** The promo code cannot be used on this booking (unknown, paused, past its cap or dates, another workshop, too few participants): field `promoCode`. */
  PROMO_CODE_REFUSED = 'PROMO_CODE_REFUSED',
  /** The admin creates a promo code whose code exists already: field `code`. */
  PROMO_CODE_TAKEN = 'PROMO_CODE_TAKEN',

  // photos (photo/)
  /** The uploaded file is not a JPEG, PNG, HEIC or WebP photograph by its content, or cannot be decoded (415, field `file`). */
  UNSUPPORTED_IMAGE = 'UNSUPPORTED_IMAGE',

  // reviews (testimonial/, docs/decisions/089)
  /** The review link lapsed (90 days) or is not for a participant who took part: field `token`. */
  REVIEW_LINK_CLOSED = 'REVIEW_LINK_CLOSED',
  /** This participant has written the review of this run already (one each). */
  REVIEW_ALREADY_WRITTEN = 'REVIEW_ALREADY_WRITTEN',
  /** The writer did not consent to publication: the review stays private (field `id`). */
  REVIEW_NOT_CONSENTED = 'REVIEW_NOT_CONSENTED',
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  [ErrorCode.BAD_USER_INPUT]: 422,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.SOLD_OUT]: 409,
  [ErrorCode.WORKSHOP_STARTED]: 409,
  [ErrorCode.BOARD_CLOSED]: 409,
  [ErrorCode.WORKSHOP_CANCELLED]: 409,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.SECOND_FACTOR_REQUIRED]: 401,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.HOLD_LIMIT_REACHED]: 429,
  // 428 Precondition Required: the request is fine but must come with something first.
  [ErrorCode.CHALLENGE_REQUIRED]: 428,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_IMAGE]: 415,
  [ErrorCode.PAYMENT_PROVIDER_ERROR]: 502,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  // booking
  [ErrorCode.BOOKING_CHANGED]: 409,
  [ErrorCode.BOOKING_ALREADY_RELEASED]: 409,
  [ErrorCode.BOOKING_NOT_TRANSFERABLE]: 409,
  [ErrorCode.BOOKING_NOT_LIVE]: 409,
  [ErrorCode.ALREADY_PAID]: 409,
  [ErrorCode.BOOKING_EXPIRED]: 409,
  // waiting list
  [ErrorCode.SPOTS_AVAILABLE]: 409,
  [ErrorCode.ALREADY_WAITING]: 409,
  [ErrorCode.WAITLIST_LIMIT_REACHED]: 429,
  [ErrorCode.CONFIRMATION_LINK_CLOSED]: 409,
  [ErrorCode.OFFER_UNAVAILABLE]: 409,
  [ErrorCode.WAITLIST_ENTRY_CLOSED]: 409,
  [ErrorCode.WAITLIST_ENTRY_CHANGED]: 409,
  // workshop editor
  [ErrorCode.CAPACITY_BELOW_CLAIMED]: 422,
  [ErrorCode.WORKSHOP_ID_TAKEN]: 409,
  [ErrorCode.WORKSHOP_NOT_STARTED]: 409,
  [ErrorCode.CUSTOMER_HAS_LIVE_BOOKING]: 409,
  // money
  [ErrorCode.TRANSFER_WINDOW_CLOSED]: 409,
  [ErrorCode.REFUND_QUOTE_CHANGED]: 409,
  [ErrorCode.PAYMENT_IN_PROGRESS]: 409,
  [ErrorCode.NOTHING_TO_PAY]: 409,
  [ErrorCode.FIRST_PAYMENT_PENDING]: 409,
  [ErrorCode.ONLINE_PAYMENT_UNAVAILABLE]: 409,
  [ErrorCode.NO_REFUND_WAITING]: 409,
  [ErrorCode.REFUND_ALREADY_CLAIMED]: 409,
  [ErrorCode.REFUND_NOT_OWED]: 409,
  [ErrorCode.WORKSHOP_ALREADY_CANCELLED]: 409,
  // promo codes
  [ErrorCode.PROMO_CODE_REFUSED]: 422,
  [ErrorCode.PROMO_CODE_TAKEN]: 409,
  // reviews
  [ErrorCode.REVIEW_LINK_CLOSED]: 409,
  [ErrorCode.REVIEW_ALREADY_WRITTEN]: 409,
  [ErrorCode.REVIEW_NOT_CONSENTED]: 409,
};

export interface FieldError {
  /** Field name as the caller sent it (snake_case over REST, camelCase over GraphQL). */
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[];
  /** Seconds after which a rate-limited caller may retry. */
  readonly retryAfterSeconds?: number;
  /** Made by invalid(): the message lists the fields, so renaming them rewrites it. */
  private summarisesFields?: boolean;

  constructor(code: ErrorCode, message: string, fields: FieldError[] = [], retryAfterSeconds?: number) {
    // A 4xx is an answer to the caller, not a fault of ours: no stack trace is captured for it
    // (a booking rush is mostly "sold out" refusals, and capturing their stacks was a tenth of it).
    const stackTraceLimit = Error.stackTraceLimit;
    if (HTTP_STATUS[code] < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'AppError';
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError(ErrorCode.NOT_FOUND, `${what} not found`);
  }

  /** Bad input (422 naming the fields), under BAD_USER_INPUT or a more specific code of the same kind. */
  static invalid(fields: FieldError[], code: ErrorCode = ErrorCode.BAD_USER_INPUT): AppError {
    const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    const error = new AppError(code, `Invalid input. ${summary}`, fields);
    error.summarisesFields = true;
    return error;
  }

  /** Rename fields (camelCase -> snake_case for REST callers), keeping the code. */
  withFieldNames(rename: (field: string) => string): AppError {
    if (this.fields.length === 0) return this;
    const fields = this.fields.map((f) => ({ field: rename(f.field), message: f.message.split(f.field).join(rename(f.field)) }));
    if (this.summarisesFields || this.code === ErrorCode.BAD_USER_INPUT) return AppError.invalid(fields, this.code);
    return new AppError(this.code, this.message, fields, this.retryAfterSeconds);
  }
}
