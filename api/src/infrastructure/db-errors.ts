/** Errors that mean "the database cannot be reached", as opposed to a bad query. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    chain.push(e);
    const next = e as { driverError?: unknown; originalError?: unknown; thrownValue?: unknown; cause?: unknown };
    // TypeORM wraps driver errors; graphql-js wraps resolver errors (and non-Error values
    // thrown by drivers, e.g. mysql2's pool rejecting with a plain object).
    e = next.driverError ?? next.originalError ?? next.thrownValue ?? next.cause;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    return typeof message === 'string' && /Pool is closed|connect ECONNREFUSED|Connection lost|Queue limit reached/i.test(message);
  });
}

/** A unique or primary key was already taken (MySQL/MariaDB or SQLite). */
export function isDuplicateKey(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
  });
}

/** MySQL/MariaDB chose this transaction as a deadlock's victim: it was rolled back and may simply run again. */
export function isDeadlock(error: unknown): boolean {
  return causes(error).some((e) => (e as { code?: unknown }).code === 'ER_LOCK_DEADLOCK');
}
