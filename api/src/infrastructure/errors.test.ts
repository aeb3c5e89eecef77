import { AppError, ErrorCode } from './errors';

describe('AppError', () => {
  it('a 4xx answer carries no stack frames (refusals are cheap); a 5xx keeps them for the log', () => {
    const refusal = new AppError(ErrorCode.SOLD_OUT, 'This workshop is sold out', [{ field: 'numParticipants', message: 'This workshop is sold out' }]);
    expect(refusal.status).toBe(409);
    expect(refusal.stack).toBe('AppError: This workshop is sold out');
    expect(refusal.fields).toEqual([{ field: 'numParticipants', message: 'This workshop is sold out' }]);
    const outage = new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'down');
    expect(outage.stack).toMatch(/\n\s+at /);
    // The process-wide limit is left as it was.
    expect(Error.stackTraceLimit).toBeGreaterThan(0);
    expect(new Error('x').stack).toMatch(/\n\s+at /);
  });

  it('keeps the retry delay of a rate-limited answer', () => {
    expect(new AppError(ErrorCode.RATE_LIMITED, 'slow down', [], 30).retryAfterSeconds).toBe(30);
  });

  it('a specific 422 code keeps its code and its field summary when REST renames the fields', () => {
    const e = AppError.invalid([{ field: 'minimumParticipants', message: 'minimumParticipants is too high' }], ErrorCode.CAPACITY_BELOW_CLAIMED).withFieldNames((f) =>
      f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    );
    expect(e).toMatchObject({ code: 'CAPACITY_BELOW_CLAIMED', status: 422, message: 'Invalid input. minimum_participants: minimum_participants is too high' });
    // Any other code keeps its own message.
    const other = new AppError(ErrorCode.SPOTS_AVAILABLE, '2 spots are free', [{ field: 'numParticipants', message: '2 spots are free' }]).withFieldNames(() => 'num_participants');
    expect(other).toMatchObject({ code: 'SPOTS_AVAILABLE', message: '2 spots are free', fields: [{ field: 'num_participants' }] });
  });
});

describe('error codes (issue 22 item 4)', () => {
  it('every code has its HTTP status in the one table, a 4xx for every refusal of a request', () => {
    for (const code of Object.values(ErrorCode)) expect(new AppError(code, 'x').status).toEqual(expect.any(Number));
    expect(
      [
        ErrorCode.BOOKING_CHANGED,
        ErrorCode.BOOKING_ALREADY_RELEASED,
        ErrorCode.ALREADY_PAID,
        ErrorCode.BOOKING_EXPIRED,
        ErrorCode.SPOTS_AVAILABLE,
        ErrorCode.ALREADY_WAITING,
        ErrorCode.OFFER_UNAVAILABLE,
        ErrorCode.WORKSHOP_ID_TAKEN,
      ].map((c) => new AppError(c, 'x').status),
    ).toEqual(Array(8).fill(409));
    expect(new AppError(ErrorCode.WAITLIST_LIMIT_REACHED, 'x').status).toBe(429);
    expect(new AppError(ErrorCode.CAPACITY_BELOW_CLAIMED, 'x').status).toBe(422);
  });
});

describe('money error codes (issue 22 item 4, money wing)', () => {
  it('each refusal of a money move has its own code, a 409 (a conflict with the state, not bad input)', () => {
    const money = [
      ErrorCode.TRANSFER_WINDOW_CLOSED,
      ErrorCode.REFUND_QUOTE_CHANGED,
      ErrorCode.PAYMENT_IN_PROGRESS,
      ErrorCode.NOTHING_TO_PAY,
      ErrorCode.FIRST_PAYMENT_PENDING,
      ErrorCode.ONLINE_PAYMENT_UNAVAILABLE,
      ErrorCode.NO_REFUND_WAITING,
      ErrorCode.REFUND_ALREADY_CLAIMED,
      ErrorCode.REFUND_NOT_OWED,
      ErrorCode.WORKSHOP_ALREADY_CANCELLED,
    ];
    expect(money.map((c) => new AppError(c, 'x').status)).toEqual(Array(money.length).fill(409));
  });
});
