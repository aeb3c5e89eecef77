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
  RATE_LIMITED = 'RATE_LIMITED',
  /** The client or customer already holds as many unpaid spots as one may (docs/decisions/056). */
  HOLD_LIMIT_REACHED = 'HOLD_LIMIT_REACHED',
  /** The request needs a solved proof-of-work challenge (field `altcha`), or its solution was refused. */
  CHALLENGE_REQUIRED = 'CHALLENGE_REQUIRED',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  PAYMENT_PROVIDER_ERROR = 'PAYMENT_PROVIDER_ERROR',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
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
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.HOLD_LIMIT_REACHED]: 429,
  // 428 Precondition Required: the request is fine but must come with something first.
  [ErrorCode.CHALLENGE_REQUIRED]: 428,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.PAYMENT_PROVIDER_ERROR]: 502,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
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

  static invalid(fields: FieldError[]): AppError {
    const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    return new AppError(ErrorCode.BAD_USER_INPUT, `Invalid input. ${summary}`, fields);
  }

  /** Rename fields (camelCase -> snake_case for REST callers), keeping the code. */
  withFieldNames(rename: (field: string) => string): AppError {
    if (this.fields.length === 0) return this;
    const fields = this.fields.map((f) => ({ field: rename(f.field), message: f.message.split(f.field).join(rename(f.field)) }));
    if (this.code === ErrorCode.BAD_USER_INPUT) return AppError.invalid(fields);
    return new AppError(this.code, this.message, fields, this.retryAfterSeconds);
  }
}
