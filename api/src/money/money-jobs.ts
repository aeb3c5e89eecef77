import type { EntityManager } from 'typeorm';
import type { JobScheduler } from '../infrastructure/jobs/job.types';
import { addDays } from '../shared/policy';
import { REFUND_JOB } from './refund-maker';

/** Kinds of scheduled money work (docs/decisions/062); their handlers are registered in composition-root.ts. */
export const MONEY_JOBS = {
  installmentCharge: 'installment.charge',
  balanceReminder: 'balance.reminder',
  balanceOverdue: 'balance.overdue',
  refund: REFUND_JOB,
} as const;

/** Failed installment charges are retried this many days after the due date, then the admin is told. */
export const INSTALLMENT_RETRY_DAYS = [3, 7] as const;
/** Balance reminders, days before the balance due date. */
export const BALANCE_REMINDER_DAYS = [14, 3] as const;
/** Scheduled money work runs at this hour (UTC) of its day: morning across the US. */
const RUN_HOUR_UTC = 15;

/** The instant scheduled money work of `date` runs. */
export const runAt = (date: string, hour = RUN_HOUR_UTC): Date => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`);
/** Every job of a booking's money is keyed under this prefix (`what` = '' for all of them). */
export const moneyJobKey = (bookingId: string, what: string): string => `booking:${bookingId}:${what}`;

/** Schedules (and cancels) a booking's money jobs in the caller's transaction. */
export class MoneySchedule {
  constructor(private readonly jobs: JobScheduler) {}

  async installment(m: EntityManager, bookingId: string, number: number, dueDate: string, now: Date): Promise<void> {
    const dueAt = runAt(dueDate);
    await this.jobs.schedule(m, { kind: MONEY_JOBS.installmentCharge, key: moneyJobKey(bookingId, `installment:${number}`), dueAt: dueAt < now ? now : dueAt, payload: { bookingId, number } });
  }

  /** The balance reminders (14 and 3 days before the due date) and the overdue notice (the day after). */
  async balanceWork(m: EntityManager, bookingId: string, dueDate: string, now: Date): Promise<void> {
    for (const days of BALANCE_REMINDER_DAYS) {
      const when = runAt(addDays(dueDate, -days));
      if (when <= now) continue; // booked (or moved) too late for this one
      await this.jobs.schedule(m, { kind: MONEY_JOBS.balanceReminder, key: moneyJobKey(bookingId, `balance:reminder:${dueDate}:${days}`), dueAt: when, payload: { bookingId, days, dueDate } });
    }
    const overdue = runAt(addDays(dueDate, 1));
    await this.jobs.schedule(m, { kind: MONEY_JOBS.balanceOverdue, key: moneyJobKey(bookingId, `balance:overdue:${dueDate}`), dueAt: overdue < now ? now : overdue, payload: { bookingId, dueDate } });
  }

  /** Every pending job of the booking's money (a cancellation, a transfer). */
  async cancelAll(m: EntityManager, bookingId: string): Promise<void> {
    await this.jobs.cancelByKeyPrefix(m, moneyJobKey(bookingId, ''));
  }

  /** The balance's reminders and overdue notice (paid in full). */
  async cancelBalanceWork(m: EntityManager, bookingId: string): Promise<void> {
    await this.jobs.cancelByKeyPrefix(m, moneyJobKey(bookingId, 'balance'));
  }
}
