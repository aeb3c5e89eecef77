import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, BookingPayment, BookingRefund, InstallmentState, PaymentMethod, RefundState } from '../booking/ledger.entities';
import { PaymentOption } from '../booking/booking.types';
import { BookingStatus } from '../shared/booking-status';
import { balanceDueDate } from '../shared/policy';
import { Workshop } from '../workshop/workshop.entity';
import type { AdminStatsService } from './admin-stats.service';
import type { LedgerLine, MonthMoney, MonthToCome, OwnerDashboard, OwnerPeriodArgs, PaymentOptionCount } from './owner-numbers.types';

const num = (v: string | number | null | undefined): number => Number(v ?? 0);

/** At most this many months in one period (three years). */
export const MAX_PERIOD_MONTHS = 36;

/** Refunds counted as money given back: made online, or owed and marked made by the admin. */
const REFUNDS_MADE = [RefundState.succeeded, RefundState.done];

const monthOf = (d: Date): string => d.toISOString().slice(0, 7);
const monthStart = (month: string): Date => new Date(`${month}-01T00:00:00.000Z`);
function addMonths(month: string, n: number): string {
  const d = monthStart(month);
  d.setUTCMonth(d.getUTCMonth() + n);
  return monthOf(d);
}
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** A period checked and made whole: [start, end) in UTC, with its months. */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * The owner's numbers (docs/decisions/099): the dashboard's charts and the accountant's
 * export, from the ledger (booking_payments, booking_refunds, booking_installments) by
 * SQL aggregates, like the totals of decision 076. Money is cash: a credit code's use
 * (PaymentMethod.credit) moved no money and is left out of both; a refund counts once
 * made (succeeded online, or marked done by the admin), on the day it was made. Months
 * are UTC calendar months. The export's lines sum to the dashboard's figures (tested).
 * Gift cards and promo codes (other branches of issue 27) plug in as their own sections.
 */
export class OwnerNumbersService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly stats: Pick<AdminStatsService, 'stats'>,
  ) {}

  /** The period asked for, or the last 12 months; 4xx naming the field when it makes no sense. */
  periodOrThrow(args: Pick<OwnerPeriodArgs, 'from' | 'to'>): Period {
    const to = args.to ?? monthOf(this.clock());
    const from = args.from ?? addMonths(to, -11);
    if (from > to) throw AppError.invalid([{ field: 'to', message: 'to must be the same month as from or later' }]);
    if (monthsBetween(from, to).length > MAX_PERIOD_MONTHS) throw AppError.invalid([{ field: 'to', message: `to must be at most ${MAX_PERIOD_MONTHS} months after from` }]);
    return { from, to, start: monthStart(from), end: monthStart(addMonths(to, 1)) };
  }

  async dashboard(args: Pick<OwnerPeriodArgs, 'from' | 'to'>): Promise<OwnerDashboard> {
    const period = this.periodOrThrow(args);
    const [money, toCome, stats, paymentOptions] = await Promise.all([this.moneyByMonth(period), this.cashToCome(), this.stats.stats(), this.byPaymentOption()]);
    const sum = (k: 'receivedCents' | 'refundedCents' | 'netCents') => money.reduce((t, m) => t + m[k], 0);
    return {
      from: period.from,
      to: period.to,
      money,
      receivedCents: sum('receivedCents'),
      refundedCents: sum('refundedCents'),
      netCents: sum('netCents'),
      toCome,
      occupancy: stats.workshops.map((w) => ({
        workshopId: w.id,
        name: w.name,
        dates: w.dates,
        capacity: w.capacity,
        sold: w.spotsSold,
        held: w.spotsHeld,
        free: Math.max(0, w.capacity - w.spotsSold - w.spotsHeld),
        minimum: w.minimumParticipants,
      })),
      paymentOptions,
    };
  }

  /** Received, refunded and net per month of the period (every month, empty ones as 0). */
  async moneyByMonth(p: Period): Promise<MonthMoney[]> {
    const m = this.db.manager;
    const [received, refunded] = await Promise.all([
      m
        .createQueryBuilder(BookingPayment, 'p')
        .select('SUBSTR(p.receivedAt, 1, 7)', 'month')
        .addSelect('SUM(p.amountCents)', 'cents')
        .where('p.method <> :credit AND p.receivedAt >= :start AND p.receivedAt < :end', { credit: PaymentMethod.credit, start: p.start, end: p.end })
        .groupBy('SUBSTR(p.receivedAt, 1, 7)')
        .getRawMany<{ month: string; cents: string | number }>(),
      m
        .createQueryBuilder(BookingRefund, 'r')
        .select('SUBSTR(COALESCE(r.completedAt, r.createdAt), 1, 7)', 'month')
        .addSelect('SUM(r.amountCents)', 'cents')
        .where('r.method <> :credit AND r.state IN (:...made)', { credit: PaymentMethod.credit, made: REFUNDS_MADE })
        .andWhere('COALESCE(r.completedAt, r.createdAt) >= :start AND COALESCE(r.completedAt, r.createdAt) < :end', { start: p.start, end: p.end })
        .groupBy('SUBSTR(COALESCE(r.completedAt, r.createdAt), 1, 7)')
        .getRawMany<{ month: string; cents: string | number }>(),
    ]);
    const inMap = new Map(received.map((r) => [r.month, num(r.cents)]));
    const outMap = new Map(refunded.map((r) => [r.month, num(r.cents)]));
    return monthsBetween(p.from, p.to).map((month) => {
      const receivedCents = inMap.get(month) ?? 0;
      const refundedCents = outMap.get(month) ?? 0;
      return { month, receivedCents, refundedCents, netCents: receivedCents - refundedCents };
    });
  }

  /**
   * Cash still to come, by due month: scheduled installments of live bookings, and the
   * balances of confirmed deposit bookings (due balanceDueDaysBefore the run's start).
   * Months already past hold what is overdue.
   */
  async cashToCome(): Promise<MonthToCome[]> {
    const m = this.db.manager;
    const live = [BookingStatus.confirmed, BookingStatus.needs_attention];
    const [installments, balances] = await Promise.all([
      m
        .createQueryBuilder(BookingInstallment, 'i')
        .innerJoin(Booking, 'b', 'b.id = i.bookingId')
        .select('SUBSTR(i.dueDate, 1, 7)', 'month')
        .addSelect('SUM(i.amountCents)', 'cents')
        .where('i.state = :scheduled AND b.status IN (:...live)', { scheduled: InstallmentState.scheduled, live })
        .groupBy('SUBSTR(i.dueDate, 1, 7)')
        .getRawMany<{ month: string; cents: string | number }>(),
      m
        .createQueryBuilder(Booking, 'b')
        .innerJoin(Workshop, 'w', 'w.id = b.workshopId')
        .select('w.startDate', 'startDate')
        .addSelect('SUM(b.totalCents + b.feeCents - b.amountPaidCents)', 'cents')
        .where('b.status IN (:...live) AND b.paymentOption = :deposit AND b.totalCents + b.feeCents > b.amountPaidCents', { live, deposit: PaymentOption.deposit })
        .groupBy('w.startDate')
        .getRawMany<{ startDate: string; cents: string | number }>(),
    ]);
    const months = new Map<string, MonthToCome>();
    const at = (month: string) => months.get(month) ?? months.set(month, { month, balancesCents: 0, installmentsCents: 0, totalCents: 0 }).get(month)!;
    for (const r of installments) {
      const row = at(r.month);
      row.installmentsCents += num(r.cents);
      row.totalCents += num(r.cents);
    }
    for (const r of balances) {
      const row = at(balanceDueDate(r.startDate).slice(0, 7));
      row.balancesCents += num(r.cents);
      row.totalCents += num(r.cents);
    }
    return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  }

  /** Live bookings (confirmed, needing attention, or holding spots) per payment option. */
  async byPaymentOption(): Promise<PaymentOptionCount[]> {
    const rows = await this.db.manager
      .createQueryBuilder(Booking, 'b')
      .select('b.paymentOption', 'option')
      .addSelect('COUNT(*)', 'bookings')
      .where('(b.status IN (:...live) OR (b.status = :held AND (b.holdExpiresAt IS NULL OR b.holdExpiresAt > :now)))', {
        live: [BookingStatus.confirmed, BookingStatus.needs_attention],
        held: BookingStatus.held,
        now: this.clock(),
      })
      .groupBy('b.paymentOption')
      .getRawMany<{ option: string; bookings: string | number }>();
    const counts = new Map(rows.map((r) => [r.option, num(r.bookings)]));
    return Object.values(PaymentOption).map((option) => ({ option, bookings: counts.get(option) ?? 0 }));
  }

  /** The accountant's export: every payment received and refund made in the period, oldest first. */
  async ledger(args: Pick<OwnerPeriodArgs, 'from' | 'to'>): Promise<LedgerLine[]> {
    const p = this.periodOrThrow(args);
    const m = this.db.manager;
    type Row = { id: string; at: Date | string; cents: string | number; method: string; purpose: string; stripeId: string | null; bookingId: string; reference: string | null; customerName: string; workshopId: string; workshopName: string };
    const [payments, refunds] = await Promise.all([
      m
        .createQueryBuilder(BookingPayment, 'p')
        .innerJoin(Booking, 'b', 'b.id = p.bookingId')
        .select(['p.id AS id', 'p.receivedAt AS at', 'p.amountCents AS cents', 'p.method AS method', 'p.purpose AS purpose', 'p.providerPaymentId AS stripeId'])
        .addSelect(['b.id AS bookingId', 'b.reference AS reference', 'b.customerName AS customerName', 'b.workshopId AS workshopId', 'b.workshopName AS workshopName'])
        .where('p.method <> :credit AND p.receivedAt >= :start AND p.receivedAt < :end', { credit: PaymentMethod.credit, start: p.start, end: p.end })
        .getRawMany<Row>(),
      m
        .createQueryBuilder(BookingRefund, 'r')
        .innerJoin(Booking, 'b', 'b.id = r.bookingId')
        .select(['r.id AS id', 'COALESCE(r.completedAt, r.createdAt) AS at', 'r.amountCents AS cents', 'r.method AS method', 'r.reason AS purpose', 'r.providerRefundId AS stripeId'])
        .addSelect(['b.id AS bookingId', 'b.reference AS reference', 'b.customerName AS customerName', 'b.workshopId AS workshopId', 'b.workshopName AS workshopName'])
        .where('r.method <> :credit AND r.state IN (:...made)', { credit: PaymentMethod.credit, made: REFUNDS_MADE })
        .andWhere('COALESCE(r.completedAt, r.createdAt) >= :start AND COALESCE(r.completedAt, r.createdAt) < :end', { start: p.start, end: p.end })
        .getRawMany<Row>(),
    ]);
    const line = (kind: 'payment' | 'refund', r: Row): LedgerLine & { id: string } => ({
      id: r.id,
      kind,
      date: toIso(r.at),
      amountCents: kind === 'payment' ? num(r.cents) : -num(r.cents),
      method: r.method,
      purpose: r.purpose,
      stripeId: r.stripeId ?? null,
      bookingId: r.bookingId,
      bookingReference: r.reference ?? null,
      customerName: r.customerName,
      workshopId: r.workshopId,
      workshopName: r.workshopName,
      giftCard: null,
      promoCode: null,
    });
    return [...payments.map((r) => line('payment', r)), ...refunds.map((r) => line('refund', r))]
      .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id))
      .map(({ id: _id, ...rest }) => rest);
  }
}

/** A datetime read raw: a Date (MySQL) or the text SQLite stores ("YYYY-MM-DD HH:MM:SS.SSS", UTC). */
function toIso(v: Date | string): string {
  if (v instanceof Date) return v.toISOString();
  return new Date(`${v.replace(' ', 'T')}${v.endsWith('Z') ? '' : 'Z'}`).toISOString();
}

/** The export's columns, in order (CSV header = these keys in snake case). */
export const LEDGER_COLUMNS = ['date', 'kind', 'amount', 'method', 'purpose', 'stripe_id', 'booking_reference', 'booking_id', 'customer_name', 'workshop_id', 'workshop_name', 'gift_card', 'promo_code'] as const;

/** One line as CSV cells: amounts in dollars with two decimals (from cents, no float arithmetic). */
export function ledgerCells(l: LedgerLine): string[] {
  const abs = Math.abs(l.amountCents);
  const amount = `${l.amountCents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return [l.date, l.kind, amount, l.method, l.purpose, l.stripeId ?? '', l.bookingReference ?? '', l.bookingId, l.customerName, l.workshopId, l.workshopName, l.giftCard ?? '', l.promoCode ?? ''];
}
