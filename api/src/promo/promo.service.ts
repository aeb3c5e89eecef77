import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { formatCents } from '../shared/money';
import { computeDueNow, paymentOptionsFor } from '../shared/policy';
import { ADMIN_ACTOR, type AuditLog, customerActor, SYSTEM_ACTOR } from '../audit/audit-log.service';
import { priceOfBooking } from '../booking/booking-price';
import type { BookingEventMap } from '../booking/booking-events';
import { PaymentStatus } from '../booking/booking.types';
import { Workshop } from '../workshop/workshop.entity';
import { PromoCode, PromoCodeUse, PromoKind, PromoUseState } from './promo-code.entity';
import { type CreatePromoCodeInput, MAX_PERCENT_OFF, type PromoQuote, type PromoQuoteInput } from './promo.input';

/** A code as typed (" spring25 ") in its stored form. */
export function normalizePromoCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/**
 * What a code takes off a price, in cents: a percentage rounded down to the
 * cent, or its fixed amount; never more than MAX_PERCENT_OFF of the price.
 * The one computation of a discount: the quote, the booking and its checkout use it.
 */
export function discountCentsOf(code: Pick<PromoCode, 'kind' | 'percentOff' | 'amountOffCents'>, subtotalCents: number): number {
  const raw = code.kind === PromoKind.percent ? Math.floor((subtotalCents * (code.percentOff ?? 0)) / 100) : (code.amountOffCents ?? 0);
  return Math.max(0, Math.min(raw, Math.floor((subtotalCents * MAX_PERCENT_OFF) / 100)));
}

const refused = (message: string): AppError => new AppError(ErrorCode.PROMO_CODE_REFUSED, message, [{ field: 'promoCode', message }]);

/** The booking a code is checked against. */
export interface PromoTarget {
  workshopId: string;
  numParticipants: number;
  /** Lower case; null when not known yet (a quote before the email is typed). */
  customerEmail: string | null;
}

/**
 * Why a code cannot be used on this booking now (the caps aside: those are
 * decided by the claim), or null. Dates are instants in UTC from the clock.
 */
function refusalOf(promo: PromoCode | null, target: PromoTarget, now: Date): AppError | null {
  if (!promo) return refused('promoCode is not a valid promo code');
  if (promo.paused) return refused(`promoCode ${promo.code} is paused and cannot be used now`);
  if (promo.validFrom && now < promo.validFrom) return refused(`promoCode ${promo.code} is not valid yet: it can be used from ${promo.validFrom.toISOString().slice(0, 10)}`);
  if (promo.validUntil && now >= promo.validUntil) return refused(`promoCode ${promo.code} has expired`);
  if (promo.workshopIds.length && !promo.workshopIds.includes(target.workshopId)) return refused(`promoCode ${promo.code} is not valid for this workshop`);
  if (target.numParticipants < promo.minParticipants) return refused(`promoCode ${promo.code} needs at least ${promo.minParticipants} participants`);
  if (promo.maxUses !== null && promo.usesCount >= promo.maxUses) return capReached(promo);
  return null;
}

const capReached = (promo: PromoCode) => refused(`promoCode ${promo.code} has reached its usage limit`);
const emailCapReached = (promo: PromoCode) => refused(`promoCode ${promo.code} has been used as many times as allowed for this email`);

/**
 * Promo codes (docs/decisions/096): the admin creates, pauses and lists them;
 * the booking form asks for a quote; a new booking claims one use in its own
 * transaction (compare-and-set on uses_count, so the cap holds under a rush)
 * and its price, deposit and installments are computed on the discounted total.
 * A use is given back when the hold lapses or the booking is cancelled before
 * anything was paid. Every change is audited in its transaction.
 */
export class PromoCodeService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly audit: AuditLog | null = null,
  ) {}

  /** Admin: every code, newest first, with its uses. */
  list(): Promise<PromoCode[]> {
    return this.db.manager.find(PromoCode, { order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** Admin: a new code. PROMO_CODE_TAKEN naming code when it exists; BAD_USER_INPUT naming the field for inconsistent terms. */
  async createOrThrow(input: CreatePromoCodeInput): Promise<PromoCode> {
    const now = this.clock();
    const code = normalizePromoCode(input.code);
    const percent = input.kind === PromoKind.percent;
    if (percent && !input.percentOff) throw AppError.invalid([{ field: 'percentOff', message: `percentOff is required for a percent code (1-${MAX_PERCENT_OFF})` }]);
    if (!percent && !input.amountOffCents) throw AppError.invalid([{ field: 'amountOffCents', message: 'amountOffCents is required for a fixed code' }]);
    if (percent && input.amountOffCents) throw AppError.invalid([{ field: 'amountOffCents', message: 'amountOffCents is only for a fixed code' }]);
    if (!percent && input.percentOff) throw AppError.invalid([{ field: 'percentOff', message: 'percentOff is only for a percent code' }]);
    const validFrom = input.validFrom ? new Date(input.validFrom) : null;
    const validUntil = input.validUntil ? new Date(input.validUntil) : null;
    if (validFrom && validUntil && validUntil <= validFrom) throw AppError.invalid([{ field: 'validUntil', message: 'validUntil must be after validFrom' }]);
    if (validUntil && validUntil <= now) throw AppError.invalid([{ field: 'validUntil', message: 'validUntil must be in the future' }]);
    if (input.maxUses && input.maxUsesPerEmail && input.maxUsesPerEmail > input.maxUses) throw AppError.invalid([{ field: 'maxUsesPerEmail', message: 'maxUsesPerEmail cannot be above maxUses' }]);
    const workshopIds = [...new Set(input.workshopIds ?? [])];
    return this.db.transaction(async (m) => {
      for (const id of workshopIds) {
        if (!(await m.existsBy(Workshop, { id }))) throw AppError.invalid([{ field: 'workshopIds', message: `workshopIds names an unknown workshop: ${id}` }]);
      }
      if (await m.existsBy(PromoCode, { code })) throw taken(code);
      const promo = m.create(PromoCode, {
        id: crypto.randomUUID(),
        code,
        kind: input.kind,
        percentOff: percent ? input.percentOff! : null,
        amountOffCents: percent ? null : input.amountOffCents!,
        workshopIdList: workshopIds.length ? workshopIds.join(',') : null,
        validFrom,
        validUntil,
        maxUses: input.maxUses ?? null,
        maxUsesPerEmail: input.maxUsesPerEmail ?? null,
        minParticipants: input.minParticipants ?? 1,
        paused: false,
        usesCount: 0,
        createdAt: now,
      });
      try {
        await m.insert(PromoCode, promo);
      } catch (e) {
        // Another tab created the same code meanwhile: the unique index decides.
        if (/unique|duplicate/i.test(String((e as Error).message))) throw taken(code);
        throw e;
      }
      await this.audit?.record(m, { ...ADMIN_ACTOR, action: 'promo.created', after: termsOf(promo), detail: `Promo code ${code} created: ${describe(promo)}` });
      // Read back: the insert fills the defaults it returned in raw (MariaDB's RETURNING gives paused as 0).
      return m.findOneByOrFail(PromoCode, { id: promo.id });
    });
  }

  /** Admin: pause or resume a code (NOT_FOUND for an unknown id). */
  async setPausedOrThrow(id: string, paused: boolean): Promise<PromoCode> {
    return this.db.transaction(async (m) => {
      const promo = await m.findOneBy(PromoCode, { id });
      if (!promo) throw AppError.notFound('Promo code');
      if (promo.paused === paused) return promo;
      await m.update(PromoCode, { id }, { paused });
      await this.audit?.record(m, {
        ...ADMIN_ACTOR,
        action: paused ? 'promo.paused' : 'promo.resumed',
        before: { promoCodeId: id, paused: promo.paused },
        after: { promoCodeId: id, paused },
        detail: `Promo code ${promo.code} ${paused ? 'paused' : 'resumed'}`,
      });
      promo.paused = paused;
      return promo;
    });
  }

  /**
   * The booking form's summary: the price of these choices with the code, computed
   * as the booking will be (priceOfBooking, discountCentsOf, computeDueNow).
   * PROMO_CODE_REFUSED naming promoCode when the code cannot be used.
   */
  async quoteOrThrow(input: PromoQuoteInput): Promise<PromoQuote> {
    const now = this.clock();
    const m = this.db.manager;
    const workshop = await m.findOneBy(Workshop, { id: input.workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    const promo = await m.findOneBy(PromoCode, { code: normalizePromoCode(input.promoCode) });
    const email = input.customerEmail?.trim().toLowerCase() || null;
    const refusal = refusalOf(promo, { workshopId: workshop.id, numParticipants: input.numParticipants, customerEmail: email }, now);
    if (refusal) throw refusal;
    if (email && promo!.maxUsesPerEmail !== null && (await this.usesByEmail(m, promo!.id, email, false)) >= promo!.maxUsesPerEmail) throw emailCapReached(promo!);
    const subtotalCents = priceOfBooking(workshop, { numParticipants: input.numParticipants, numSpouses: input.numSpouses ?? 0, roomType: input.roomType ?? 'shared' });
    const discountCents = discountCentsOf(promo!, subtotalCents);
    const totalCents = subtotalCents - discountCents;
    const option = input.paymentOption ?? 'deposit';
    const offer = paymentOptionsFor(workshop.startDate, now, workshop.timeZone).find((o) => o.option === option);
    if (!offer?.available) throw AppError.invalid([{ field: 'paymentOption', message: offer?.reason ?? 'This payment option is not offered' }]);
    const charge = computeDueNow(totalCents, option, workshop.startDate, now, workshop.timeZone);
    return { promoCode: promo!.code, subtotalCents, discountCents, totalCents, dueNowCents: charge.dueNowCents, installments: charge.installments };
  }

  /**
   * In a new booking's transaction, after its spots were claimed: check the code
   * and claim one use. The total cap is a compare-and-set on uses_count (two
   * bookings for the last use: one wins, the other gets PROMO_CODE_REFUSED); the
   * update holds the code's row lock until commit (MySQL) or the one writer
   * (SQLite), so the per-email count after it sees every committed use.
   * Answers the stored code and the discount; the caller prices the booking with it.
   */
  async claimOrThrow(m: EntityManager, typed: string, booking: PromoTarget & { bookingId: string; subtotalCents: number; customerEmail: string }, now: Date): Promise<{ code: string; discountCents: number }> {
    const promo = await m.findOneBy(PromoCode, { code: normalizePromoCode(typed) });
    const refusal = refusalOf(promo, booking, now);
    if (refusal) throw refusal;
    const p = promo!;
    const claimed = await m
      .createQueryBuilder()
      .update(PromoCode)
      .set({ usesCount: () => 'uses_count + 1' })
      .where('id = :id AND paused = 0 AND (max_uses IS NULL OR uses_count < max_uses)', { id: p.id })
      .execute();
    if (claimed.affected !== 1) throw capReached(p);
    if (p.maxUsesPerEmail !== null && (await this.usesByEmail(m, p.id, booking.customerEmail, true)) >= p.maxUsesPerEmail) throw emailCapReached(p);
    const discountCents = discountCentsOf(p, booking.subtotalCents);
    await m.insert(PromoCodeUse, {
      id: crypto.randomUUID(),
      promoCodeId: p.id,
      bookingId: booking.bookingId,
      workshopId: booking.workshopId,
      customerEmail: booking.customerEmail,
      discountCents,
      state: PromoUseState.active,
      usedAt: now,
      returnedAt: null,
    });
    await this.audit?.record(m, {
      ...customerActor(booking.customerEmail),
      action: 'promo.used',
      bookingId: booking.bookingId,
      workshopId: booking.workshopId,
      after: { promoCodeId: p.id, code: p.code, subtotalCents: booking.subtotalCents, discountCents, totalCents: booking.subtotalCents - discountCents },
      detail: `Promo code ${p.code} applied: ${formatCents(discountCents)} off ${formatCents(booking.subtotalCents)}`,
    });
    return { code: p.code, discountCents };
  }

  /** holdLapsed: the booking's use of a code is given back (its price stays as booked). */
  async giveBackOnLapse({ m, booking, now }: BookingEventMap['holdLapsed']): Promise<void> {
    await this.giveBack(m, booking.id, booking.workshopId, now, 'its hold lapsed');
  }

  /** bookingCancelled: cancelled before anything was paid, the use is given back; once money was paid it stays used. */
  async giveBackOnCancel({ m, booking, before, now }: BookingEventMap['bookingCancelled']): Promise<void> {
    if (before.paymentStatus !== PaymentStatus.pending || booking.amountPaidCents > 0) return;
    await this.giveBack(m, booking.id, booking.workshopId, now, 'the booking was cancelled before payment');
  }

  /**
   * bookingTransferred: the booking moved at the new workshop's full price, without its discount
   * (BookingLifecycle.moveOrThrow, decision 097 amendment), whether or not the code covers the new
   * workshop: what it still owes carries no discount, so the use is given back and the cap counts
   * only bookings that have one.
   */
  async giveBackOnTransfer({ m, booking, from, to, now }: BookingEventMap['bookingTransferred']): Promise<void> {
    await this.giveBack(m, booking.id, from.id, now, `the booking moved to ${to.name} at its full price, without the discount`);
  }

  private async giveBack(m: EntityManager, bookingId: string, workshopId: string, now: Date, why: string): Promise<void> {
    const use = await m.findOneBy(PromoCodeUse, { bookingId, state: PromoUseState.active });
    if (!use) return;
    // Compare-and-set: a lapse and a cancellation at once give the use back once.
    const back = await m.createQueryBuilder().update(PromoCodeUse).set({ state: PromoUseState.returned, returnedAt: now }).where('id = :id AND state = :active', { id: use.id, active: PromoUseState.active }).execute();
    if (back.affected !== 1) return;
    await m.createQueryBuilder().update(PromoCode).set({ usesCount: () => 'uses_count - 1' }).where('id = :id AND uses_count > 0', { id: use.promoCodeId }).execute();
    await this.audit?.record(m, {
      ...SYSTEM_ACTOR,
      action: 'promo.returned',
      bookingId,
      workshopId,
      before: { promoCodeId: use.promoCodeId, state: PromoUseState.active },
      after: { promoCodeId: use.promoCodeId, state: PromoUseState.returned },
      detail: `Promo code use given back: ${why}`,
    });
  }

  /** Live uses of a code by an email; a locking read inside a claim on MySQL (a plain one would read the transaction's older snapshot). */
  private async usesByEmail(m: EntityManager, promoCodeId: string, email: string, locking: boolean): Promise<number> {
    const lock = locking && this.db.kind !== 'sqlite' ? ' FOR UPDATE' : '';
    const rows = (await m.query(`SELECT COUNT(*) AS n FROM promo_code_uses WHERE promo_code_id = ? AND customer_email = ? AND state = ?${lock}`, [promoCodeId, email, PromoUseState.active])) as Array<{ n: number | string }>;
    return Number(rows[0]?.n ?? 0);
  }
}

const taken = (code: string) => new AppError(ErrorCode.PROMO_CODE_TAKEN, `A promo code ${code} exists already`, [{ field: 'code', message: 'code is already used by another promo code' }]);

function termsOf(p: PromoCode): Record<string, unknown> {
  return {
    promoCodeId: p.id,
    code: p.code,
    discountKind: p.kind,
    percentOff: p.percentOff,
    amountOffCents: p.amountOffCents,
    workshopIds: p.workshopIds,
    validFrom: p.validFrom?.toISOString() ?? null,
    validUntil: p.validUntil?.toISOString() ?? null,
    maxUses: p.maxUses,
    maxUsesPerEmail: p.maxUsesPerEmail,
    minParticipants: p.minParticipants,
  };
}

function describe(p: PromoCode): string {
  const off = p.kind === PromoKind.percent ? `${p.percentOff}% off` : `${formatCents(p.amountOffCents ?? 0)} off`;
  return `${off}${p.workshopIds.length ? ` on ${p.workshopIds.join(', ')}` : ''}${p.maxUses ? `, at most ${p.maxUses} uses` : ''}`;
}
