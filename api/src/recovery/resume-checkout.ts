import { Booking } from '../booking/booking.entity';
import type { BookingCreatedHook } from '../booking/booking-creation';
import { BookingInput } from '../booking/booking.input';
import { priceOfBooking } from '../booking/booking-price';
import { BookingStatus, PaymentOption, type RoomType } from '../booking/booking.types';
import { BookingPayment, PaymentMethod } from '../booking/ledger.entities';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { validateInputOrThrow } from '../infrastructure/validation';
import { isErasedAddress } from '../mail/outbox.service';
import { formatDateRange } from '../shared/dates';
import { computeDueNow, paymentOptionsFor } from '../shared/policy';
import { hasStarted } from '../shared/workshop-calendar';
import { Traveller } from '../traveller/traveller.entity';
import { TravellerNameInput } from '../traveller/traveller.input';
import { Workshop } from '../workshop/workshop.entity';
import type { RecoveryLinks } from './recovery-links';

/** What the link's page shows (docs/decisions/098, amendment). */
export enum RecoveryState {
  /** One click books the same choices again and goes to a fresh checkout. */
  ready = 'ready',
  /** Answers the booking needs were erased (retention): the booking form is refilled instead. */
  incomplete = 'incomplete',
  /** Fewer spots left than the booking's participants: the waiting list. */
  sold_out = 'sold_out',
  /** The address booked this run since (another live booking): a link to it, no checkout. */
  booked_since = 'booked_since',
  /** The link made its booking already (or the lapsed booking was paid after all): a link to it. */
  already_finished = 'already_finished',
  /** The run was cancelled, archived or has started: nothing to book. */
  closed = 'closed',
}

/** What a click on "Finish my booking" did. */
export enum FinishOutcome {
  /** A new booking was made: pay it at `url` (null without a payment provider: its confirmation page). */
  checkout = 'checkout',
  /** The link had made its booking already: the same booking (its open checkout when it is still unpaid). */
  already_finished = 'already_finished',
  /** The address booked this run since: that booking, no checkout. */
  booked_since = 'booked_since',
}

/** The link's page: the lapsed booking's choices, priced as they would be booked now (server figures). */
export interface RecoveredChoices {
  bookingId: string;
  workshopId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  numParticipants: number;
  roomType: string;
  numSpouses: number;
  /** As the lapsed booking chose it (the form's refill). */
  paymentOption: string;
  /** Spots of the workshop free now: fewer than numParticipants means the waiting list. */
  spotsLeft: number;
  state: RecoveryState;
  /** The booking to lead to (booked_since, already_finished). */
  existingBookingId: string | null;
  workshopName: string;
  /** "Jun 1-5, 2026". */
  workshopDates: string;
  /** What a click books: the lapsed option, or "full" when the dates no longer offer it. */
  paymentOptionNow: string;
  /** Why the option changed, or null. */
  paymentOptionNote: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  dueNowCents: number;
  installments: number | null;
  /** The lapsed booking's promo code when it still applies now (checked again when booking). */
  promoCode: string | null;
  /** Why the lapsed booking's promo code no longer applies, or null. */
  promoCodeNote: string | null;
  /** The lapsed booking was paid in part by a gift card or credit code, given back when it lapsed: never spent again by the link. */
  codeReturned: boolean;
}

export interface FinishedCheckout {
  outcome: FinishOutcome;
  bookingId: string;
  /** The hosted payment page; null without a payment provider or when nothing is to be paid there. */
  url: string | null;
  sessionId: string | null;
}

/** What the link's use cases are given (composition-root.ts). */
export interface ResumeCheckoutDeps {
  bookings: { createOrThrow(input: BookingInput, clientKey: string, inTransaction: BookingCreatedHook): Promise<Booking> };
  /** A Checkout Session for a held booking (PaymentService.createCheckoutSessionOrThrow; an open one is handed out again). */
  startCheckout(bookingId: string): Promise<{ url: string | null; sessionId: string | null }>;
  /** The promo code's price for these choices now (PromoCodeService.quoteOrThrow); PROMO_CODE_REFUSED when it no longer applies. */
  promoQuote?(input: {
    workshopId: string;
    promoCode: string;
    numParticipants: number;
    numSpouses: number;
    roomType: RoomType;
    paymentOption: PaymentOption;
    customerEmail: string;
  }): Promise<{ promoCode: string; discountCents: number }>;
}

/** Thrown inside the new booking's transaction when another click claimed the link first: undoes the booking. */
class LinkAlreadyUsed extends Error {}

const LIVE = [BookingStatus.held, BookingStatus.confirmed, BookingStatus.needs_attention];

/**
 * The "finish your booking" link of a lapsed checkout (docs/decisions/098, amendment):
 * its page shows the same choices priced now; one click makes a new booking with the
 * lapsed booking's choices and answers through the usual booking rules (hold caps,
 * the spot claim, today's prices, the promo code checked and claimed again; never a
 * gift card or credit) and starts its Checkout Session. The link makes one booking:
 * the lapsed row records it by compare-and-set in the new booking's transaction, so
 * a second click (or two at once) leads to that booking instead of making another.
 */
export class ResumeCheckout {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly links: RecoveryLinks,
    private readonly deps: ResumeCheckoutDeps | null,
  ) {}

  /** The lapsed booking of a valid link; anything else (wrong token, unknown, no consent, erased customer) is the same NOT_FOUND. */
  private async lapsedOrThrow(bookingId: string, token: string): Promise<Booking> {
    const booking = this.links.verify(bookingId, token) ? await this.db.manager.findOneBy(Booking, { id: bookingId }) : null;
    if (!booking?.recoveryConsent || isErasedAddress(booking.customerEmail)) throw AppError.notFound('Checkout to resume');
    return booking;
  }

  async previewOrThrow(bookingId: string, token: string): Promise<RecoveredChoices> {
    const lapsed = await this.lapsedOrThrow(bookingId, token);
    const now = this.clock();
    const workshop = await this.db.manager.findOneBy(Workshop, { id: lapsed.workshopId });
    const spotsLeft = workshop && !workshop.cancelled ? Math.max(0, workshop.availableSpots) : 0;
    const base: RecoveredChoices = {
      bookingId: lapsed.id,
      workshopId: lapsed.workshopId,
      customerName: lapsed.customerName,
      customerEmail: lapsed.customerEmail,
      customerPhone: lapsed.customerPhone,
      numParticipants: lapsed.numParticipants,
      roomType: lapsed.roomType,
      numSpouses: lapsed.numSpouses,
      paymentOption: lapsed.paymentOption,
      spotsLeft,
      state: RecoveryState.ready,
      existingBookingId: null,
      workshopName: workshop?.name ?? lapsed.workshopName,
      workshopDates: workshop ? formatDateRange(workshop.startDate, workshop.endDate) : '',
      paymentOptionNow: lapsed.paymentOption,
      paymentOptionNote: null,
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      dueNowCents: 0,
      installments: null,
      promoCode: null,
      promoCodeNote: null,
      codeReturned: await this.usedCode(lapsed.id),
    };
    const leadTo = this.madeAlready(lapsed);
    if (leadTo) return { ...base, state: RecoveryState.already_finished, existingBookingId: leadTo };
    if (!workshop || workshop.cancelled || workshop.archived || hasStarted(workshop, now)) return { ...base, state: RecoveryState.closed };
    const since = await this.bookedSince(lapsed);
    if (since) return { ...base, state: RecoveryState.booked_since, existingBookingId: since };
    const priced = { ...base, ...(await this.priceNow(lapsed, workshop, now)) };
    if (spotsLeft < lapsed.numParticipants) return { ...priced, state: RecoveryState.sold_out };
    const complete = await this.bookingInput(lapsed, priced.paymentOptionNow as PaymentOption, null).then(
      () => true,
      () => false,
    );
    return { ...priced, state: complete ? RecoveryState.ready : RecoveryState.incomplete };
  }

  /**
   * "Finish my booking": a new booking with the lapsed booking's choices and answers, and
   * its checkout. `promoCode` is the code the page showed as applying (null: book without
   * it); it is checked and claimed again as on any booking. Errors as createBooking's
   * (SOLD_OUT: the page offers the waiting list; PROMO_CODE_REFUSED; HOLD_LIMIT_REACHED;
   * BAD_USER_INPUT naming the fields erased since: the page refills the form instead;
   * CHALLENGE_REQUIRED: the page solves the check and calls again with `altcha`).
   */
  async finishOrThrow(bookingId: string, token: string, promoCode: string | null, clientKey: string, altcha: string | null = null): Promise<FinishedCheckout> {
    const lapsed = await this.lapsedOrThrow(bookingId, token);
    const deps = this.depsOrThrow();
    const made = this.madeAlready(lapsed);
    if (made) return this.leadTo(made);
    const since = await this.bookedSince(lapsed);
    if (since) return { outcome: FinishOutcome.booked_since, bookingId: since, url: null, sessionId: null };
    const typed = promoCode?.trim() || null;
    if (typed && typed.toUpperCase() !== lapsed.promoCode?.toUpperCase()) {
      throw AppError.invalid([{ field: 'promoCode', message: 'promoCode must be the code of the booking this link finishes (or none)' }]);
    }
    const workshop = await this.db.manager.findOneBy(Workshop, { id: lapsed.workshopId });
    // An archived run takes no bookings from a link (the page says it is closed); started or cancelled: the booking's own refusal.
    if (!workshop || workshop.archived) throw AppError.notFound('Workshop');
    const now = this.clock();
    const option = this.optionNow(lapsed, workshop, now).option;
    const input = await this.bookingInput(lapsed, option, typed);
    // The hold guard's proof of work, when it asked for one (CHALLENGE_REQUIRED), as on the booking form.
    if (altcha) input.altcha = altcha;
    let booking: Booking;
    try {
      booking = await deps.bookings.createOrThrow(input, clientKey, async (m, created) => {
        // The claim: the link makes one booking. The loser of two clicks at once changes nothing.
        const claimed = await m
          .createQueryBuilder()
          .update(Booking)
          .set({ recoveryBookingId: created.id })
          .where('id = :id AND recovery_booking_id IS NULL', { id: lapsed.id })
          .execute();
        if (claimed.affected !== 1) throw new LinkAlreadyUsed();
      });
    } catch (e) {
      if (!(e instanceof LinkAlreadyUsed)) throw e;
      const winner = (await this.db.manager.findOneByOrFail(Booking, { id: lapsed.id })).recoveryBookingId!;
      return this.leadTo(winner);
    }
    const start = await deps.startCheckout(booking.id);
    return { outcome: FinishOutcome.checkout, bookingId: booking.id, url: start.url, sessionId: start.sessionId };
  }

  private depsOrThrow(): ResumeCheckoutDeps {
    if (!this.deps) throw new AppError(ErrorCode.NOT_FOUND, 'Checkout to resume not found');
    return this.deps;
  }

  /** The booking the link made, or the lapsed booking itself when it holds its spots again (paid late): where a click leads. */
  private madeAlready(lapsed: Booking): string | null {
    if (lapsed.recoveryBookingId) return lapsed.recoveryBookingId;
    return LIVE.includes(lapsed.status) ? lapsed.id : null;
  }

  /** The booking the link made: its checkout again while it is held and unpaid (an open session is handed out again), else just its id. */
  private async leadTo(bookingId: string): Promise<FinishedCheckout> {
    const booking = await this.db.manager.findOneBy(Booking, { id: bookingId });
    const none = { outcome: FinishOutcome.already_finished, bookingId, url: null, sessionId: null };
    if (booking?.status !== BookingStatus.held || (booking.holdExpiresAt && booking.holdExpiresAt <= this.clock())) return none;
    try {
      const start = await this.depsOrThrow().startCheckout(bookingId);
      return { ...none, url: start.url, sessionId: start.sessionId };
    } catch {
      // Lapsed or paid meanwhile: its page says which.
      return none;
    }
  }

  /** The newest live booking of the same address on the same run made after the lapsed one (not the link's own). */
  private async bookedSince(lapsed: Booking): Promise<string | null> {
    const other = await this.db.manager
      .createQueryBuilder(Booking, 'b')
      .where('b.workshopId = :workshopId AND b.customerEmail = :email AND b.id <> :id AND b.createdAt >= :createdAt', {
        workshopId: lapsed.workshopId,
        email: lapsed.customerEmail,
        id: lapsed.id,
        createdAt: lapsed.createdAt,
      })
      .andWhere('b.status IN (:...live)', { live: LIVE })
      .orderBy('b.createdAt', 'DESC')
      .getOne();
    return other?.id ?? null;
  }

  private async usedCode(bookingId: string): Promise<boolean> {
    return this.db.manager.existsBy(BookingPayment, { bookingId, method: PaymentMethod.credit });
  }

  /** The lapsed option when the dates still offer it, else "full" (as the booking form does), with the reason. */
  private optionNow(lapsed: Booking, workshop: Workshop, now: Date): { option: PaymentOption; note: string | null } {
    const offer = paymentOptionsFor(workshop.startDate, now, workshop.timeZone).find((o) => o.option === lapsed.paymentOption);
    return offer?.available ? { option: lapsed.paymentOption, note: null } : { option: PaymentOption.full, note: offer?.reason ?? 'This payment option is not offered now.' };
  }

  /** Today's figures for the same choices: the workshop's price, the code if it still applies, the option the dates allow. */
  private async priceNow(lapsed: Booking, workshop: Workshop, now: Date): Promise<Partial<RecoveredChoices>> {
    const { option, note } = this.optionNow(lapsed, workshop, now);
    const subtotalCents = priceOfBooking(workshop, lapsed);
    let discountCents = 0;
    let promoCode: string | null = null;
    let promoCodeNote: string | null = null;
    if (lapsed.promoCode && this.deps?.promoQuote) {
      try {
        const quote = await this.deps.promoQuote({
          workshopId: workshop.id,
          promoCode: lapsed.promoCode,
          numParticipants: lapsed.numParticipants,
          numSpouses: lapsed.numSpouses,
          roomType: lapsed.roomType,
          paymentOption: option,
          customerEmail: lapsed.customerEmail,
        });
        discountCents = quote.discountCents;
        promoCode = quote.promoCode;
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== ErrorCode.PROMO_CODE_REFUSED) throw e;
        promoCodeNote = `${e.message.replace(/^promoCode /, 'The promo code ')}, so it is not applied.`;
      }
    }
    const totalCents = subtotalCents - discountCents;
    const charge = computeDueNow(totalCents, option, workshop.startDate, now, workshop.timeZone);
    return {
      paymentOptionNow: option,
      paymentOptionNote: note,
      subtotalCents,
      discountCents,
      totalCents,
      dueNowCents: charge.dueNowCents,
      installments: charge.installments,
      promoCode,
      promoCodeNote,
    };
  }

  /**
   * The lapsed booking as a new booking's input, checked by the same rules as the form's:
   * BAD_USER_INPUT naming the fields when answers were erased since (retention).
   * Never its gift card or credit code, never a second recovery mail.
   */
  private async bookingInput(lapsed: Booking, paymentOption: PaymentOption, promoCode: string | null): Promise<BookingInput> {
    const others = (await this.db.manager.find(Traveller, { where: { bookingId: lapsed.id }, order: { position: 'ASC' } })).filter((t) => t.position > 1);
    const travellers = others.map((t) => Object.assign(new TravellerNameInput(), t.name && t.email ? { name: t.name, email: t.email, later: false } : { later: true }));
    return validateInputOrThrow(BookingInput, {
      workshopId: lapsed.workshopId,
      customerName: lapsed.customerName,
      customerEmail: lapsed.customerEmail,
      customerPhone: lapsed.customerPhone,
      numParticipants: lapsed.numParticipants,
      roomType: lapsed.roomType,
      numSpouses: lapsed.numSpouses,
      paymentOption,
      specialRequests: lapsed.specialRequests,
      age: lapsed.age,
      experienceLevel: lapsed.experienceLevel,
      cameraBody: lapsed.cameraBody,
      lenses: lapsed.lenses,
      otherEquipment: lapsed.otherEquipment,
      healthConcerns: lapsed.healthConcerns,
      dietaryRestrictions: lapsed.dietaryRestrictions,
      tripGoals: lapsed.tripGoals,
      emergencyContactName: lapsed.emergencyContactName,
      emergencyContactPhone: lapsed.emergencyContactPhone,
      emergencyContactEmail: lapsed.emergencyContactEmail,
      promoCode,
      recoveryConsent: false,
      ...(travellers.length ? { travellers } : {}),
    });
  }
}
