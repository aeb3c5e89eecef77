import { AppError, ErrorCode } from '../infrastructure/errors';

/** A booking changed between our read and our compare-and-set (a payment landed, another action): nothing was written. */
export class BookingChangedMeanwhileError extends AppError {
  constructor() {
    super(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; reload and try again');
  }
}

export function changedMeanwhile(): AppError {
  return new BookingChangedMeanwhileError();
}
