import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, BookingPayment, BookingRefund, InstallmentState, PaymentMethod, RefundReason, RefundState } from '../booking/ledger.entities';
import { PaymentOption } from '../booking/booking.types';
import { BookingStatus } from '../shared/booking-status';
import { balanceDueDate } from '../shared/policy';
import { Workshop } from '../workshop/workshop.entity';
import { GiftCard, GiftCardKind, GiftCardState, GiftCardUse } from '../gift-card/gift-card.entity';
import { PromoCode, PromoCodeUse, PromoUseState } from '../promo/promo-code.entity';
import type { AdminStatsService } from './admin-stats.service';
import type { GiftCardFigures, GiftCardNumbers, LedgerKind, LedgerLine, MonthMoney, MonthToCome, OwnerDashboard, OwnerPeriodArgs, PaymentOptionCount, PromoNumbers } from './owner-numbers.types';

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

/** One month's aggregate of a query: its sum and its row count (raw: numbers or numeric text by driver). */
type MonthSum = { month: string; cents: string | number; n: string | number };

/** Sums and counts of a query by the UTC month of a date: one GROUP BY, one row per month (the same SUBSTR on SQLite's text and MariaDB's DATETIME). */
function byMonth<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, date: string, cents: string): Promise<MonthSum[]> {
  return qb.select(`SUBSTR(${date}, 1, 7)`, 'month').addSelect(`SUM(${cents})`, 'cents').addSelect('COUNT(*)', 'n').groupBy(`SUBSTR(${date}, 1, 7)`).getRawMany<MonthSum>();
}
const centsByMonth = (rows: MonthSum[]) => new Map(rows.map((r) => [r.month, num(r.cents)]));
const countByMonth = (rows: MonthSum[]) => new Map(rows.map((r) => [r.month, num(r.n)]));

/**
 * Which rows are which money (one place, read by the dashboard, the ledger and the promo totals):
 * booking payments in cash (a credit code's or gift card's use moved no cash), refunds made in
 * cash, gift cards sold (paid online) and their purchases refunded (the provider took it).
 */
const CASH_PAYMENT = 'p.method <> :credit';
const CASH_REFUND_MADE = 'r.method <> :credit AND r.state IN (:...made)';
const REFUND_AT = 'COALESCE(r.completedAt, r.createdAt)';
const CARD_SOLD = 'g.kind = :purchased AND g.paidAt IS NOT NULL';
const CARD_REFUNDED = 'g.state = :refunded AND g.refundedAt IS NOT NULL';
/** A card that was worth something: bought and paid, or issued by hand (a void of an unpaid purchase is not money). */
const CARD_LIVE_ONCE = '(g.kind = :goodwill OR g.paidAt IS NOT NULL)';
const MONEY_PARAMS = { creditKind: GiftCardKind.credit, credit: PaymentMethod.credit, made: REFUNDS_MADE, purchased: GiftCardKind.purchased, goodwill: GiftCardKind.goodwill, refunded: GiftCardState.refunded, void: GiftCardState.void, active: GiftCardState.active };

/**
 * A gift card's code as the export shows it: the last four symbols only. The code is a bearer
 * credential (decision 094): a CSV mailed to an accountant must not spend anyone's balance.
 */
export function maskGiftCardCode(code: string): string {
  // The prefix says which kind it was (GC- a gift card, WL- a credit); the last four symbols tell two apart.
  const prefix = code.split('-')[0] || 'GC';
  return `${prefix}-****-****-****-${code.replace(/-/g, '').slice(-4)}`;
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
 * are UTC calendar months. Gift cards sold and their purchases refunded are cash too; a
 * card spent on a booking is not (it is the ledger's method gift_card). Gift cards and promo
 * codes have their own sections (decision 099's amendment). The export's lines sum to the
 * dashboard's figures (tested).
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
    const [money, toCome, stats, paymentOptions, giftCards, promoCodes] = await Promise.all([
      this.moneyByMonth(period),
      this.cashToCome(),
      this.stats.stats(),
      this.byPaymentOption(),
      this.giftCards(period),
      this.promoCodes(period),
    ]);
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
      giftCards,
      promoCodes,
    };
  }

  /** Received, refunded and net cash per month of the period (every month, empty ones as 0): bookings and gift cards. */
  async moneyByMonth(p: Period): Promise<MonthMoney[]> {
    const m = this.db.manager;
    const inPeriod = (date: string) => `${date} >= :start AND ${date} < :end`;
    const params = { ...MONEY_PARAMS, start: p.start, end: p.end };
    const [received, refunded, sold, cardsRefunded] = await Promise.all([
      byMonth(m.createQueryBuilder(BookingPayment, 'p').where(`${CASH_PAYMENT} AND ${inPeriod('p.receivedAt')}`, params), 'p.receivedAt', 'p.amountCents'),
      byMonth(m.createQueryBuilder(BookingRefund, 'r').where(`${CASH_REFUND_MADE} AND ${inPeriod(REFUND_AT)}`, params), REFUND_AT, 'r.amountCents'),
      byMonth(m.createQueryBuilder(GiftCard, 'g').where(`${CARD_SOLD} AND ${inPeriod('g.paidAt')}`, params), 'g.paidAt', 'g.initialCents'),
      byMonth(m.createQueryBuilder(GiftCard, 'g').where(`${CARD_REFUNDED} AND ${inPeriod('g.refundedAt')}`, params), 'g.refundedAt', 'g.initialCents'),
    ]);
    const [inMap, outMap, soldMap, backMap] = [received, refunded, sold, cardsRefunded].map(centsByMonth);
    return monthsBetween(p.from, p.to).map((month) => {
      const receivedCents = (inMap.get(month) ?? 0) + (soldMap.get(month) ?? 0);
      const refundedCents = (outMap.get(month) ?? 0) + (backMap.get(month) ?? 0);
      return { month, receivedCents, refundedCents, netCents: receivedCents - refundedCents };
    });
  }

  /**
   * Gift cards by month of the period: sold (count and cents), issued by hand, redeemed
   * (uses less what lapsed holds gave back), voided, refunded, expired, and the balance still
   * outstanding at each month's end. The outstanding balance is every earlier month's flow
   * summed (in: sold and issued; out: redeemed, voided, refunded, expired), so the aggregates
   * run over all months up to the period's end, grouped by month.
   */
  async giftCards(p: Period): Promise<GiftCardNumbers> {
    const m = this.db.manager;
    const params = { ...MONEY_PARAMS, end: p.end, now: this.clock() };
    const card = () => m.createQueryBuilder(GiftCard, 'g');
    const [sold, issued, redeemed, voided, refunded, expired] = await Promise.all([
      byMonth(card().where(`${CARD_SOLD} AND g.paidAt < :end`, params), 'g.paidAt', 'g.initialCents'),
      byMonth(card().where('g.kind = :goodwill AND g.createdAt < :end', params), 'g.createdAt', 'g.initialCents'),
      // A credit (kind credit) spends the customer's own money: not a gift card's redemption.
      byMonth(m.createQueryBuilder(GiftCardUse, 'u').innerJoin(GiftCard, 'g', 'g.id = u.giftCardId').where('u.usedAt < :end AND g.kind <> :creditKind', params), 'u.usedAt', 'u.amountCents'),
      byMonth(card().where(`g.state = :void AND g.voidedAt IS NOT NULL AND g.voidedAt < :end AND ${CARD_LIVE_ONCE}`, params), 'g.voidedAt', 'g.initialCents'),
      byMonth(card().where(`${CARD_REFUNDED} AND g.refundedAt < :end`, params), 'g.refundedAt', 'g.initialCents'),
      byMonth(card().where(`g.state = :active AND g.expiresAt <= :now AND g.expiresAt < :end AND ${CARD_LIVE_ONCE}`, params), 'g.expiresAt', 'g.balanceCents'),
    ]);
    const maps = { sold: centsByMonth(sold), soldCount: countByMonth(sold), issued: centsByMonth(issued), redeemed: centsByMonth(redeemed), voided: centsByMonth(voided), refunded: centsByMonth(refunded), expired: centsByMonth(expired) };
    const flow = (month: string) => {
      const at = (k: keyof typeof maps) => maps[k].get(month) ?? 0;
      return { soldCount: at('soldCount'), soldCents: at('sold'), issuedCents: at('issued'), redeemedCents: at('redeemed'), voidedCents: at('voided'), refundedCents: at('refunded'), expiredCents: at('expired') };
    };
    const change = (f: ReturnType<typeof flow>) => f.soldCents + f.issuedCents - f.redeemedCents - f.voidedCents - f.refundedCents - f.expiredCents;
    // What was outstanding when the period began: the flows of every earlier month.
    const earlier = new Set(Object.values(maps).flatMap((mp) => [...mp.keys()].filter((k) => k < p.from)));
    let outstandingCents = [...earlier].reduce((t, month) => t + change(flow(month)), 0);
    const months = monthsBetween(p.from, p.to).map((month) => {
      const f = flow(month);
      outstandingCents += change(f);
      return { month, ...f, outstandingCents };
    });
    const total = (k: Exclude<keyof GiftCardFigures, 'outstandingCents'>) => months.reduce((t, r) => t + r[k], 0);
    return {
      months,
      soldCount: total('soldCount'),
      soldCents: total('soldCents'),
      issuedCents: total('issuedCents'),
      redeemedCents: total('redeemedCents'),
      voidedCents: total('voidedCents'),
      refundedCents: total('refundedCents'),
      expiredCents: total('expiredCents'),
      outstandingCents,
    };
  }

  /**
   * Promo codes in the period: uses (live ones: a use given back is not counted) and their
   * discount by month and by code, and per code what its bookings paid in the period (cash
   * payments and gift card uses less cash refunds: the sum of that code's ledger lines).
   */
  async promoCodes(p: Period): Promise<PromoNumbers> {
    const m = this.db.manager;
    const params = { ...MONEY_PARAMS, start: p.start, end: p.end, live: PromoUseState.active };
    const uses = () => m.createQueryBuilder(PromoCodeUse, 'pu').where('pu.state = :live AND pu.usedAt >= :start AND pu.usedAt < :end', params);
    /** Sums per code over the bookings that used one. */
    const paidByCode = <T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, bookingId: string, cents: string) =>
      qb
        .innerJoin(PromoCodeUse, 'pu', `pu.bookingId = ${bookingId}`)
        .innerJoin(PromoCode, 'pc', 'pc.id = pu.promoCodeId')
        .select('pc.code', 'code')
        .addSelect(`SUM(${cents})`, 'cents')
        .groupBy('pc.code')
        .getRawMany<{ code: string; cents: string | number }>();
    const [monthly, byCode, paid, refunded, fromCards] = await Promise.all([
      byMonth(uses(), 'pu.usedAt', 'pu.discountCents'),
      uses()
        .innerJoin(PromoCode, 'pc', 'pc.id = pu.promoCodeId')
        .select('pc.code', 'code')
        .addSelect('COUNT(*)', 'uses')
        .addSelect('SUM(pu.discountCents)', 'cents')
        .groupBy('pc.code')
        .getRawMany<{ code: string; uses: string | number; cents: string | number }>(),
      paidByCode(m.createQueryBuilder(BookingPayment, 'p').where(`${CASH_PAYMENT} AND p.receivedAt >= :start AND p.receivedAt < :end`, params), 'p.bookingId', 'p.amountCents'),
      paidByCode(m.createQueryBuilder(BookingRefund, 'r').where(`${CASH_REFUND_MADE} AND ${REFUND_AT} >= :start AND ${REFUND_AT} < :end`, params), 'r.bookingId', 'r.amountCents'),
      paidByCode(m.createQueryBuilder(GiftCardUse, 'u').where('u.usedAt >= :start AND u.usedAt < :end', params), 'u.bookingId', 'u.amountCents'),
    ]);
    const discount = centsByMonth(monthly);
    const count = countByMonth(monthly);
    const months = monthsBetween(p.from, p.to).map((month) => ({ month, uses: count.get(month) ?? 0, discountCents: discount.get(month) ?? 0 }));
    const codes = new Map<string, { code: string; uses: number; discountCents: number; paidCents: number }>();
    const at = (code: string) => codes.get(code) ?? codes.set(code, { code, uses: 0, discountCents: 0, paidCents: 0 }).get(code)!;
    for (const r of byCode) Object.assign(at(r.code), { uses: num(r.uses), discountCents: num(r.cents) });
    for (const r of paid) at(r.code).paidCents += num(r.cents);
    for (const r of fromCards) at(r.code).paidCents += num(r.cents);
    for (const r of refunded) at(r.code).paidCents -= num(r.cents);
    return {
      months,
      uses: months.reduce((t, r) => t + r.uses, 0),
      discountCents: months.reduce((t, r) => t + r.discountCents, 0),
      codes: [...codes.values()].sort((a, b) => b.discountCents - a.discountCents || a.code.localeCompare(b.code)),
    };
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

  /**
   * The accountant's export: every payment received and refund made in the period, every gift
   * card sold or its purchase refunded, and every booking paid from a gift card (method
   * gift_card: no cash moved), oldest first. A line of a booking made with a promo code names
   * the code; a line whose money was a gift card's names the card (masked).
   */
  async ledger(args: Pick<OwnerPeriodArgs, 'from' | 'to'>): Promise<LedgerLine[]> {
    const p = this.periodOrThrow(args);
    const m = this.db.manager;
    const params = { ...MONEY_PARAMS, start: p.start, end: p.end };
    type Row = { id: string; at: Date | string; cents: string | number; method: string; purpose: string; stripeId: string | null; bookingId: string | null; reference: string | null; customerName: string; workshopId: string | null; workshopName: string | null; giftCard: string | null; promoCode: string | null; cardKind?: GiftCardKind };
    const [payments, refunds, cardUses, sales, cardRefunds] = await Promise.all([
      bookingLines(m.createQueryBuilder(BookingPayment, 'p'), 'p')
        .addSelect(['p.id AS id', 'p.receivedAt AS at', 'p.amountCents AS cents', 'p.method AS method', 'p.purpose AS purpose', 'p.providerPaymentId AS stripeId', 'NULL AS giftCard'])
        .where(`${CASH_PAYMENT} AND p.receivedAt >= :start AND p.receivedAt < :end`, params)
        .getRawMany<Row>(),
      bookingLines(m.createQueryBuilder(BookingRefund, 'r'), 'r')
        .addSelect(['r.id AS id', `${REFUND_AT} AS at`, 'r.amountCents AS cents', 'r.method AS method', 'r.reason AS purpose', 'r.providerRefundId AS stripeId', 'NULL AS giftCard'])
        .where(`${CASH_REFUND_MADE} AND ${REFUND_AT} >= :start AND ${REFUND_AT} < :end`, params)
        .getRawMany<Row>(),
      bookingLines(m.createQueryBuilder(GiftCardUse, 'u'), 'u')
        .innerJoin(GiftCard, 'g', 'g.id = u.giftCardId')
        .addSelect(['u.id AS id', 'u.usedAt AS at', 'u.amountCents AS cents', 'NULL AS method', 'NULL AS purpose', 'NULL AS stripeId', 'g.code AS giftCard', 'g.kind AS cardKind'])
        .where('u.usedAt >= :start AND u.usedAt < :end', params)
        .getRawMany<Row>(),
      cardLines(m, 'g.providerPaymentId', 'g.paidAt').where(`${CARD_SOLD} AND g.paidAt >= :start AND g.paidAt < :end`, params).getRawMany<Row>(),
      cardLines(m, 'g.providerRefundId', 'g.refundedAt').where(`${CARD_REFUNDED} AND g.refundedAt >= :start AND g.refundedAt < :end`, params).getRawMany<Row>(),
    ]);
    const line = (kind: LedgerKind, r: Row, cents: number, method: string, purpose: string): LedgerLine & { id: string } => ({
      id: r.id,
      kind,
      date: toIso(r.at),
      amountCents: cents,
      method,
      purpose,
      stripeId: r.stripeId ?? null,
      bookingId: r.bookingId ?? null,
      bookingReference: r.reference ?? null,
      customerName: r.customerName,
      workshopId: r.workshopId ?? null,
      workshopName: r.workshopName ?? null,
      giftCard: r.giftCard ? maskGiftCardCode(r.giftCard) : null,
      promoCode: r.promoCode ?? null,
    });
    return [
      ...payments.map((r) => line('payment', r, num(r.cents), r.method, r.purpose)),
      ...refunds.map((r) => line('refund', r, -num(r.cents), r.method, r.purpose)),
      // A use spends the card on the booking; a negative one is a lapsed hold giving it back.
      // A credit's use (kind credit: the customer's own money from a cancelled workshop) is method credit, not gift_card.
      ...cardUses.map((r) => {
        const method = r.cardKind === GiftCardKind.credit ? PaymentMethod.credit : 'gift_card';
        return num(r.cents) >= 0 ? line('payment', r, num(r.cents), method, method) : line('refund', r, num(r.cents), method, RefundReason.credit_returned);
      }),
      ...sales.map((r) => line('gift_card_sale', r, num(r.cents), PaymentMethod.card, 'gift_card')),
      ...cardRefunds.map((r) => line('gift_card_refund', r, -num(r.cents), PaymentMethod.card, RefundReason.admin)),
    ]
      .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id))
      .map(({ id: _id, ...rest }) => rest);
  }
}

/** The booking columns of a ledger line, and the promo code it was made with (its use row, kept after a transfer re-priced it). */
function bookingLines<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, alias: string): SelectQueryBuilder<T> {
  return qb
    .innerJoin(Booking, 'b', `b.id = ${alias}.bookingId`)
    .leftJoin(PromoCodeUse, 'pu', 'pu.bookingId = b.id')
    .leftJoin(PromoCode, 'pc', 'pc.id = pu.promoCodeId')
    .select(['b.id AS bookingId', 'b.reference AS reference', 'b.customerName AS customerName', 'b.workshopId AS workshopId', 'b.workshopName AS workshopName', 'pc.code AS promoCode']);
}

/** A gift card's own line (its sale or its purchase refunded): the buyer, the workshop of a "one place on" card, the card's code. */
function cardLines(m: EntityManager, stripeId: string, at: string): SelectQueryBuilder<GiftCard> {
  return m
    .createQueryBuilder(GiftCard, 'g')
    .leftJoin(Workshop, 'w', 'w.id = g.workshopId')
    .select(['g.id AS id', `${at} AS at`, 'g.initialCents AS cents', `${stripeId} AS stripeId`, 'NULL AS bookingId', 'NULL AS reference', 'g.buyerName AS customerName', 'w.id AS workshopId', 'w.name AS workshopName', 'g.code AS giftCard', 'NULL AS promoCode']);
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
  return [l.date, l.kind, amount, l.method, l.purpose, l.stripeId ?? '', l.bookingReference ?? '', l.bookingId ?? '', l.customerName, l.workshopId ?? '', l.workshopName ?? '', l.giftCard ?? '', l.promoCode ?? ''];
}
