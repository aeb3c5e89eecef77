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
});
