import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from './infrastructure/config/env';
import type { Database } from './infrastructure/db/data-source';
import type { Logger } from './infrastructure/logger';
import { BookingService, OFFLINE_RESERVATION_MINUTES, PROVIDER_HOLD_MINUTES } from './booking/booking.service';
import { BookingEvents } from './booking/booking-events';
import { OwnerNumbersService } from './admin/owner-numbers.service';
import { CheckoutRecoveryService, RECOVERY_JOB } from './recovery/checkout-recovery.service';
import { RecoveryLinks } from './recovery/recovery-links';
import { RECOVERY_MAILS } from './recovery/recovery.mails';
import { PaymentEvents } from './payment/payment-events';
import { MoneyAuditTrail } from './money/money-audit-trail';
import { MoneyMails } from './money/money-mails';
import { DEFAULT_HOLD_LIMITS, HoldGuard, type HoldLimits } from './booking/hold-limits';
import { DEFAULT_PROOF_OF_WORK, ProofOfWork, type ProofOfWorkOptions } from './infrastructure/proof-of-work/proof-of-work';
import { NodemailerMailer, type Mailer } from './mail/mailer';
import { DEFAULT_OUTBOX_OPTIONS, OutboxService } from './mail/outbox.service';
import { PaymentService } from './payment/payment.service';
import { BookingAccountService } from './money/booking-account.service';
import { AdminMoneyService } from './money/admin-money.service';
import { CancellationService } from './money/cancellation.service';
import { ChargeService } from './money/charges.service';
import { MONEY_JOBS, MoneySchedule } from './money/money-jobs';
import { PaymentReactions } from './money/payment-reactions';
import { RefundDecider } from './money/refund-decider';
import { RefundMaker } from './money/refund-maker';
import { TransferService } from './money/transfer.service';
import type { MoneyDomain } from './money';
import { ManageLinks } from './booking/manage-link';
import type { PaymentProvider } from './payment/payment-provider';
import { StripePaymentProvider } from './payment/stripe.provider';
import { MemoryRateLimitStore, type RateLimitStore } from './infrastructure/rate-limit';
import { RedisRateLimitStore } from './infrastructure/redis-rate-limit-store';
import { RedisBus } from './infrastructure/redis-bus';
import { JobQueue } from './infrastructure/jobs/job-queue';
import { CommunityService } from './community/community.service';
import { COMMUNITY_MAILS } from './community/community.mails';
import { BOOKING_MAILS } from './booking/booking.mails';
import { AdminAuthService } from './admin/admin-auth.service';
import { AdminService } from './admin/admin.service';
import { AdminStatsService } from './admin/admin-stats.service';
import { AdminListsService } from './admin/admin-lists.service';
import { AuditLog } from './audit/audit-log.service';
import { relyingPartyFrom, SecondFactorService } from './admin/second-factor/second-factor.service';
import { totpKeyFrom } from './admin/second-factor/totp-secret-box';
import { WorkshopEditor } from './admin/workshop-editor.service';
import { TestimonialService } from './testimonial/testimonial.service';
import { REVIEW_REQUEST_JOB, ReviewService } from './testimonial/review.service';
import { ReviewLinks } from './testimonial/review-links';
import { REVIEW_MAILS } from './testimonial/review.mails';
import { WorkshopService } from './workshop/workshop.service';
import { WaitlistService } from './waitlist/waitlist.service';
import { WaitlistAdminList } from './waitlist/waitlist-admin-list';
import { WAITLIST_MAILS } from './waitlist/waitlist.mails';
import { WaitlistGuard } from './waitlist/waitlist-guard';
import { DEFAULT_WAITLIST_LIMITS, type WaitlistEntryLimits } from './waitlist/waitlist.types';
import type { WorkshopCatalogOptions } from './workshop/workshop-catalog';
import { CreditsService } from './credit/credits.service';
import { PromoCodeService } from './promo/promo.service';
import { GIFT_CARD_DELIVERY_JOB, GiftCardService } from './gift-card/gift-card.service';
import type { PromoQuoteInput } from './promo/promo.input';
import { GIFT_CARD_MAILS } from './gift-card/gift-card.mails';
import { WorkshopCancellationService } from './workshop-cancellation/workshop-cancellation.service';
import { WorkshopCancellationReactions } from './workshop-cancellation/workshop-cancellation-reactions';
import { WORKSHOP_CANCELLATION_MAILS } from './workshop-cancellation/workshop-cancellation.mails';
import { PhotoService } from './photo/photo.service';
import { TravellerService } from './traveller/traveller.service';
import { TravellerTasksService } from './traveller/traveller-tasks.service';
import { TravellerLinks } from './traveller/traveller-link';
import { TRAVELLER_JOBS, TravellerReminders } from './traveller/traveller-reminders';
import { TRAVELLER_MAILS } from './traveller/traveller.mails';
import { type BlobStore, DiskBlobStore, S3BlobStore } from './infrastructure/blob-store';
import { KBYG_JOB, KnowBeforeYouGoService } from './departure/know-before-you-go.service';
import { DepartureService } from './departure/departure.service';
import { RosterTravellers } from './departure/departure-travellers';
import { DEPARTURE_MAILS } from './departure/departure.mails';
import { TRIP_DATA_ERASE_JOB, TripDataRetention } from './privacy/trip-data-retention';
import { ACCOUNTING_ERASE_JOB, AccountingRetention } from './privacy/accounting-retention';
import { PersonalDataService } from './privacy/personal-data.service';

/**
 * Every service of the app, built once per process (or per test) from its
 * dependencies. Resolvers and REST shims receive this and call into it.
 */
export interface Services {
  config: Config;
  db: Database;
  logger: Logger;
  /** The current time. Injected so tests can move it (hold expiry, rate limits). */
  clock: () => Date;
  /** Counts of the admin login throttle (memory, or Redis for several instances); the HTTP write limits are @fastify/rate-limit's (transport/rate-limits.ts). */
  rateLimitStore: RateLimitStore;
  /** With REDIS_URL: tells the other instances that the catalog changed (docs/decisions/053). */
  bus: RedisBus | null;
  workshops: WorkshopService;
  testimonials: TestimonialService;
  /** Reviews by verified participants: the asks after a run, the link's form, the admin's moderation (docs/decisions/089). */
  reviews: ReviewService;
  bookings: BookingService;
  payments: PaymentService;
  community: CommunityService;
  /** Waiting lists of sold-out workshops; told of every release of spots (docs/decisions/061). */
  waitlist: WaitlistService;
  /** Self-hosted ALTCHA challenges: issued to the booking form, redeemed once (docs/decisions/056). */
  proofOfWork: ProofOfWork;
  /** The admin password check (with throttling) behind every admin call. */
  adminAuth: AdminAuthService;
  /** The admin's passkeys, TOTP, recovery codes and sessions (issue 26, docs/decisions/091-093). */
  secondFactor: SecondFactorService;
  admin: AdminService;
  /** The dashboard's figures, by aggregate queries (docs/decisions/076). */
  adminStats: AdminStatsService;
  /** The owner's dashboard and the accountant's export (docs/decisions/099). */
  ownerNumbers: OwnerNumbersService;
  /** The dashboard's lists (bookings, messages), paged, filtered and counted in SQL (docs/decisions/075). */
  adminLists: AdminListsService;
  /** The admin's page of a workshop's waiting list (docs/decisions/075). */
  waitlistAdmin: WaitlistAdminList;
  /** The append-only audit log: written in the transaction of each admin action and money movement (docs/decisions/060). */
  audit: AuditLog;
  /** The admin's calendar: create, edit, schedule again, archive (docs/decisions/059). */
  workshopEditor: WorkshopEditor;
  /** Mails to send, written in the transactions that cause them (docs/decisions/030). */
  outbox: OutboxService;
  /** SMTP, or .eml files without SMTP_URL. Used by the MailWorker only. */
  mailer: Mailer;
  /** The manage page's read model (money.accounts, kept here for the tests' manage links). */
  accounts: BookingAccountService;
  /** A booking's money after the first payment: manage page, cancellations, transfers, charges, refunds (money/, docs/decisions/062, 071). */
  money: MoneyDomain;
  /** Scheduled work in the database (docs/decisions/058); the JobWorker runs it, tests call `runDue()` with a moved clock. */
  jobs: JobQueue;
  /** Credits taken instead of a cancelled workshop's refund, used once on a later booking (docs/decisions/063). */
  credits: CreditsService;
  /** Promo codes: created by the admin, claimed in a booking's transaction (docs/decisions/096). */
  promos: PromoCodeService;
  /** Gift cards: bought, delivered on their date, spent in parts (docs/decisions/094). */
  giftCards: GiftCardService;
  /** Go/no-go per workshop and "Cancel this workshop" (docs/decisions/063). */
  workshopCancellation: WorkshopCancellationService;
  /** The booking events (docs/decisions/071); subscribed here only (tests may add a subscriber to watch). */
  events: BookingEvents;
  /** The admin's photographs: uploads resized into responsive renderings, on disk or in S3 (docs/decisions/077). */
  photos: PhotoService;
  /** Where the photographs' renderings are kept (a folder served at /photos, or an S3 bucket). */
  photoStore: BlobStore;
  /** Know before you go per run and its two mails (docs/decisions/087). */
  knowBeforeYouGo: KnowBeforeYouGoService;
  /** The admin's departure view and messages to the group (docs/decisions/088). */
  departures: DepartureService;
  /** Abandoned checkouts: the one recovery mail and the form's refill (docs/decisions/098). */
  checkoutRecovery: CheckoutRecoveryService;
  /** Every traveller of a booking and their pre-trip tasks (docs/decisions/084-086); the departure view reads `listForRun`. */
  travellers: TravellerService;
  /** Each traveller's tasks page, the booker's view of them, the admin's waiver versions and signed copies. */
  travellerTasks: TravellerTasksService;
  /** The travellers' personal links (signed like the manage link; tests read them). */
  travellerLinks: TravellerLinks;
  /** The trip-only data's retention job (docs/decisions/100). */
  tripDataRetention: TripDataRetention;
  /** Names and emails on a booking's money records replaced 7 years after its workshop (docs/decisions/102). */
  accountingRetention: AccountingRetention;
  /** The admin's export and erasure of one customer, on their request (docs/decisions/101). */
  personalData: PersonalDataService;
}

/**
 * The real clock, or (tests: CLOCK_START) one that reads `start` now and then
 * advances in real time, so a test of the calendar runs at a chosen day.
 */
export function clockStartingAt(start: Date | undefined): () => Date {
  if (!start) return () => new Date();
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

/** Numbers a test may change; production uses the defaults. */
export interface ServiceOptions {
  /** Tests may keep the catalog snapshot longer than its 10 s safety net (a loaded machine is slow). */
  catalog?: WorkshopCatalogOptions;
  /** Caps on unpaid spots and the challenge threshold (docs/decisions/056); null turns the hold guard off. */
  holdLimits?: HoldLimits | null;
  /** Caps and challenge of waiting-list entries (docs/decisions/067); null turns them off. */
  waitlistLimits?: WaitlistEntryLimits | null;
  proofOfWork?: ProofOfWorkOptions;
}

export function createServices(
  config: Config,
  db: Database,
  logger: Logger,
  clock: () => Date = () => new Date(),
  options: ServiceOptions = {},
): Services {
  const provider = createPaymentProvider(config);
  const rateLimitStore = config.rateLimitRedisUrl ? new RedisRateLimitStore(config.rateLimitRedisUrl, logger) : new MemoryRateLimitStore();
  // Every customer mail carries the personal manage link, signed with the server's secret.
  const links = new ManageLinks(config.bookingLinkSecret, config.publicOrigin);
  // The review links are signed with the same secret under their own purpose (docs/decisions/089).
  const reviewLinks = new ReviewLinks(config.bookingLinkSecret, config.publicOrigin);
  // Each traveller's own tasks link (docs/decisions/084), signed with the same secret for another purpose.
  const travellerLinks = new TravellerLinks(config.bookingLinkSecret, config.publicOrigin);
  const outbox = createOutbox(db, clock, logger, config.mail.adminEmail, {
    ...DEFAULT_OUTBOX_OPTIONS,
    links: {
      manageBooking: (bookingId) => links.url(bookingId),
      travellerTasks: (travellerId) => travellerLinks.url(travellerId),
      review: (bookingId, recipientKey, expiresAt) => reviewLinks.url(bookingId, recipientKey, expiresAt),
    },
  });
  const proofOfWork = new ProofOfWork(db, clock, config.altchaHmacSecret, options.proofOfWork ?? DEFAULT_PROOF_OF_WORK);
  const audit = new AuditLog(db, clock);
  const holdLimits = options.holdLimits === undefined ? DEFAULT_HOLD_LIMITS : options.holdLimits;
  const workshops = new WorkshopService(db, options.catalog, clock);
  // The booking events (docs/decisions/071): published in the transactions that cause them, subscribed below.
  const events = new BookingEvents();
  const paymentEvents = new PaymentEvents();
  // The waiting list's caps and challenge reuse the hold guard's client hash, locks and proof of work (docs/decisions/067).
  const waitlistLimits = options.waitlistLimits === undefined ? DEFAULT_WAITLIST_LIMITS : options.waitlistLimits;
  const waitlistGuard = waitlistLimits ? new WaitlistGuard(new HoldGuard(config.altchaHmacSecret, proofOfWork, holdLimits ?? DEFAULT_HOLD_LIMITS), proofOfWork, waitlistLimits) : undefined;
  const waitlist = new WaitlistService(db, clock, config.bookingLinkSecret, outbox, { guard: waitlistGuard, events });
  const promos = new PromoCodeService(db, clock, audit);
  const bookings: BookingService = new BookingService(
    db,
    clock,
    {
      holdMinutes: provider ? PROVIDER_HOLD_MINUTES : null,
      reservationMinutes: OFFLINE_RESERVATION_MINUTES,
      holdGuard: holdLimits ? new HoldGuard(config.altchaHmacSecret, proofOfWork, holdLimits) : undefined,
      catalog: workshops.catalog,
      events,
      offers: waitlist,
      audit,
      // One code box (docs/decisions/095): credits (WL-) and gift cards (GC-) are one kind of balance, spent by
      // the GiftCardService (built below from the bookings) in the booking's transaction.
      credits: { redeemOrThrow: (m, code, booking, now) => giftCards.redeemOrThrow(m, code, booking, now) },
      // Promo codes (docs/decisions/096): one use claimed in the booking's transaction.
      promos,
    },
    outbox,
  );
  const bus = config.redisUrl ? connectCatalogBus(config, workshops, logger) : null;
  const jobs = new JobQueue(db, clock, logger);
  // The code box's quote prices the form's choices with a promo code as the booking will (docs/decisions/095, 096).
  const giftCards: GiftCardService = new GiftCardService(db, bookings.lifecycle, provider, jobs, outbox, audit, clock, logger, config.publicOrigin, {
    quoteOrThrow: (i) => promos.quoteOrThrow(i as PromoQuoteInput),
  });
  // A paid Checkout Session of a gift card goes to the gift cards, never to a booking.
  const payments = new PaymentService(db, bookings, provider, clock, logger, config.publicOrigin, paymentEvents, Boolean(config.mail.smtpUrl), giftCards);
  const money = createMoney(db, bookings, payments, jobs, links, clock, logger, config.publicOrigin, events, audit);
  const credits: CreditsService = new CreditsService(db, money.refunds, money.accounts, jobs, clock, logger, audit);
  // A moderation drops the rendered pages (kept with the catalog snapshot) so /testimonials and the workshop pages show it at once.
  // A moderation drops the rendered pages kept with the catalog here, and (Redis configured) on every other instance.
  const reviews = new ReviewService(db, clock, outbox, jobs, audit, reviewLinks, () => {
    workshops.catalog.invalidate();
    void bus?.publish('catalog');
  });


  // --- The map of reactions: who is told of what (docs/architecture.md lists the same) ---
  const moneyAudit = new MoneyAuditTrail(audit);
  const moneyMails = bookings.mails ? new MoneyMails(bookings.mails) : null;
  const workshopCancelled = new WorkshopCancellationReactions(outbox, audit);
  const travellers = new TravellerService();
  const travellerTasks = new TravellerTasksService(db, clock, travellers, travellerLinks, links, outbox, audit);
  const travellerReminders = new TravellerReminders(db, clock, jobs, travellers, outbox);
  // A departure's travellers are the booking's travellers, with their readiness (docs/decisions/088).
  const departureTravellers = new RosterTravellers(travellers);
  const knowBeforeYouGo = new KnowBeforeYouGoService(db, clock, jobs, outbox, audit, departureTravellers);
  // Health, dietary, emergency, age and travel details are erased a set time after the run ends (docs/decisions/100).
  const tripDataRetention = new TripDataRetention(db, clock, jobs, audit, config.personalDataRetentionDays);
  // ... and the names and emails on its money records 7 years after it (docs/decisions/102).
  const accountingRetention = new AccountingRetention(db, clock, jobs, audit);
  // Abandoned checkouts (docs/decisions/098): the "finish your booking" link is signed with the same secret for its own purpose.
  // Its link books the same choices again in one click and starts that booking's checkout (decision 098, amendment).
  const checkoutRecovery = new CheckoutRecoveryService(db, clock, jobs, outbox, new RecoveryLinks(config.bookingLinkSecret, config.publicOrigin), {
    bookings,
    startCheckout: (bookingId) => payments.createCheckoutSessionOrThrow({ bookingId, originUrl: config.publicOrigin }),
    promoQuote: (input) => promos.quoteOrThrow(input),
  });
  events
    // Every booking gets its travellers in its own transaction (the booker first, the others as the form named them)
    // and the tasks' reminders (docs/decisions/084, 086); its trip-only personal data is erased the retention period
    // after the run ends (docs/decisions/100), its accounting rows after theirs (102): all its jobs in one statement
    // (docs/decisions/107).
    .on('bookingCreated', (e) => travellers.createForBooking(e.m, e.booking, e.travellers, e.now))
    .on('bookingCreated', (e) =>
      jobs.scheduleMany(e.m, [
        ...travellerReminders.jobsFor(e.booking, e.workshop, e.now),
        tripDataRetention.jobFor(e.booking, e.workshop),
        accountingRetention.jobFor(e.booking, e.workshop),
      ]),
    )
    // A lapsed hold or a cancellation: no more reminders.
    .on('holdLapsed', (e) => travellerReminders.cancel(e.m, e.booking.id))
    .on('bookingCancelled', (e) => travellerReminders.cancel(e.m, e.booking.id))
    // Spots that come back are offered to the waiting list in the same transaction (docs/decisions/061).
    .on('spotsReleased', (e) => waitlist.offerFreedSpots(e.m, e.workshopId, e.now))
    // Know before you go follows its run: scheduled for every run, copied by "Schedule again", moved with the dates (docs/decisions/087).
    .on('workshopScheduled', (e) => knowBeforeYouGo.runScheduled(e.m, e.workshop, e.copiedFrom, e.now))
    .on('workshopDatesChanged', (e) => knowBeforeYouGo.datesChanged(e.m, e.before, e.workshop, e.now))
    // A promo code's use comes back when the hold lapses or the booking is cancelled before payment (docs/decisions/096).
    .on('holdLapsed', (e) => promos.giveBackOnLapse(e))
    .on('bookingCancelled', (e) => promos.giveBackOnCancel(e))
    // ... and when a transfer moves it at the new workshop's full price, without the discount (decision 097, amendment).
    .on('bookingTransferred', (e) => promos.giveBackOnTransfer(e))
    // ... and what it spent of a credit or a gift card goes back on it (docs/decisions/063, 094, 095).
    .on('holdLapsed', (e) => giftCards.giveBack(e))
    // A lapsed checkout whose customer consented: one "finish your booking" mail a day later (docs/decisions/098).
    .on('holdLapsed', (e) => checkoutRecovery.scheduleOnLapse(e))
    // The audit row first, then the money's reactions: installment paid, what is left scheduled, late money refunded.
    .on('paymentApplied', (e) => moneyAudit.paymentReceived(e))
    .on('paymentApplied', (e) => money.reactions.afterPayment(e))
    // A balance paid twice at once (a code on the manage page, the card's checkout): the excess goes back to the code (docs/decisions/095).
    .on('paymentApplied', (e) => giftCards.giveBackOverpayment(e))
    // A confirmed booking is asked for a review 2 and 7 days after its run ends (docs/decisions/089).
    .on('paymentApplied', (e) => reviews.scheduleAsks(e.m, e.booking))
    // Paid at last: each named traveller gets their own tasks link (docs/decisions/084).
    .on('paymentApplied', (e) => travellerTasks.inviteOnFirstPayment(e.m, e.booking, e.previousStatus))
    // A credit code's part of a refund becomes a new credit.
    .on('refundDecided', (e) => credits.reissue(e))
    .on('bookingCancelled', (e) => moneyAudit.bookingCancelled(e))
    .on('bookingCancelled', (e) => moneyMails?.bookingCancelled(e))
    .on('bookingTransferred', (e) => moneyMails?.bookingTransferred(e))
    .on('bookingTransferred', (e) => moneyAudit.bookingTransferred(e))
    // Its review asks follow it to the new run's end.
    .on('bookingTransferred', (e) => reviews.moveAsks(e.m, e.booking, e.to))
    // A transfer keeps the travellers in step with the participants; the new workshop's waiver is asked for by its hash.
    .on('bookingTransferred', (e) => travellers.syncCount(e.m, e.booking, e.now))
    .on('bookingTransferred', (e) => travellerReminders.reschedule(e.m, e.booking, e.to, e.now))
    .on('bookingTransferred', (e) => tripDataRetention.move(e.m, e.booking, e.to))
    .on('bookingTransferred', (e) => accountingRetention.move(e.m, e.booking, e.to))
    .on('latePaymentRefunded', (e) => moneyAudit.latePaymentRefunded(e))
    .on('latePaymentRefunded', (e) => moneyMails?.latePaymentRefunded(e))
    // A cancelled workshop: the audit row, then each customer's mail (their bookings' own mails are held back).
    .on('workshopCancelled', (e) => workshopCancelled.auditRow(e))
    .on('workshopCancelled', (e) => workshopCancelled.mailCustomers(e));
  paymentEvents
    .on('paymentIntentSucceeded', (e) => money.charges.recordOffSession(e.paymentIntent))
    .on('chargeRefunded', (e) => money.charges.chargeRefunded(e.charge))
    .on('refundsDecided', (e) => money.refunds.makeNow(e.refunds));
  // Every job handler (docs/decisions/058, 062, 065).
  jobs
    .register(MONEY_JOBS.installmentCharge, (job) => money.charges.runInstallmentCharge(job))
    .register(MONEY_JOBS.balanceReminder, (job) => money.charges.runBalanceReminder(job))
    .register(MONEY_JOBS.balanceOverdue, (job) => money.charges.runBalanceOverdue(job))
    .register(MONEY_JOBS.refund, (job) => money.refunds.runJob(job))
    .register(TRAVELLER_JOBS.tasksReminder, (job) => travellerReminders.run(job))
    // Know before you go, 14 and 2 days before a run's start (docs/decisions/087).
    .register(KBYG_JOB, (job) => knowBeforeYouGo.runJob(job))
    .register(REVIEW_REQUEST_JOB, (job) => reviews.runAskJob(job))
    .register(TRIP_DATA_ERASE_JOB, (job) => tripDataRetention.runJob(job))
    .register(ACCOUNTING_ERASE_JOB, (job) => accountingRetention.runJob(job))
    // A gift card is mailed on its delivery date (docs/decisions/094).
    .register(GIFT_CARD_DELIVERY_JOB, (job) => giftCards.runDeliveryJob(job))
    .register(RECOVERY_JOB, (job) => checkoutRecovery.runJob(job));

  const adminStats = new AdminStatsService(db, clock);

  // The admin's second factor (issue 26): the relying party is PUBLIC_ORIGIN (validated at start-up); the TOTP
  // secrets are encrypted under a key derived from BOOKING_LINK_SECRET; idle sessions close (docs/decisions/091, 092).
  const secondFactor = new SecondFactorService(db, clock, audit, relyingPartyFrom(config.publicOrigin), rateLimitStore, {
    totpKey: totpKeyFrom(config.bookingLinkSecret),
    idleTimeoutMs: config.adminSessionIdleMinutes * 60_000,
  });
  const photoStore: BlobStore = config.photos.s3 ? new S3BlobStore(config.photos.s3) : new DiskBlobStore(config.photos.dir);

  return {
    photos: new PhotoService(db, clock, audit, photoStore, workshops.catalog, logger),
    photoStore,
    config,
    db,
    logger,
    clock,
    rateLimitStore,
    bus,
    workshops,
    testimonials: new TestimonialService(db, config.showSampleReviews),
    reviews,
    bookings,
    payments,
    community: new CommunityService(db, workshops, clock, logger, outbox),
    waitlist,
    proofOfWork,
    adminAuth: new AdminAuthService(config.admin, clock, rateLimitStore, audit, secondFactor),
    secondFactor,
    admin: new AdminService(db, clock, audit),
    adminStats,
    ownerNumbers: new OwnerNumbersService(db, clock, adminStats),
    adminLists: new AdminListsService(db),
    waitlistAdmin: new WaitlistAdminList(db),
    audit,
    workshopEditor: new WorkshopEditor(db, clock, audit, events),
    outbox,
    mailer: new NodemailerMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: config.mail.outboxDir }),
    jobs,
    accounts: money.accounts,
    money,
    credits,
    promos,
    giftCards,
    workshopCancellation: new WorkshopCancellationService(db, money.cancellations, payments, outbox, clock, logger, events),
    events,
    knowBeforeYouGo,
    checkoutRecovery,
    departures: new DepartureService(db, clock, outbox, audit, departureTravellers),
    travellers,
    travellerTasks,
    travellerLinks,
    tripDataRetention,
    accountingRetention,
    personalData: new PersonalDataService(db, clock, audit, jobs),
  };
}

/** The money domain's services (money/index.ts), built from what they call; their reactions are subscribed above. */
function createMoney(db: Database, bookings: BookingService, payments: PaymentService, jobs: JobQueue, links: ManageLinks, clock: () => Date, logger: Logger, publicOrigin: string, events: BookingEvents, audit: AuditLog): MoneyDomain {
  const schedule = new MoneySchedule(jobs);
  const refunds = new RefundMaker(db, bookings.lifecycle, () => payments.paymentProvider, jobs, clock, logger);
  const decider = new RefundDecider(bookings.lifecycle, refunds, events);
  const refunding = { db, bookings, schedule, decider, maker: refunds, clock, logger, events };
  // The manage page's read model: each customer and admin money action answers it.
  const accounts = new BookingAccountService(db, bookings, payments, links, clock, publicOrigin);
  return {
    accounts,
    cancellations: new CancellationService(refunding, payments, accounts),
    transfers: new TransferService(refunding, accounts),
    admin: new AdminMoneyService(db, bookings, accounts, decider, refunds, clock, audit),
    charges: new ChargeService(db, bookings, payments, refunds, clock),
    reactions: new PaymentReactions(bookings.lifecycle, schedule, refunds, events),
    decider,
    refunds,
  };
}

/**
 * The mail outbox with every domain's mails registered by kind (docs/decisions/052).
 * A new kind of mail is one template and one line in its domain's registry.
 */
export function createOutbox(db: Database, clock: () => Date, logger: Logger, adminEmail: string, options = DEFAULT_OUTBOX_OPTIONS): OutboxService {
  return new OutboxService(db, clock, logger, { ...options, adminEmail }).register(BOOKING_MAILS).register(COMMUNITY_MAILS).register(WAITLIST_MAILS).register(WORKSHOP_CANCELLATION_MAILS).register(TRAVELLER_MAILS).register(DEPARTURE_MAILS).register(REVIEW_MAILS).register(GIFT_CARD_MAILS).register(RECOVERY_MAILS);
}

/** Stripe when a secret key is configured; otherwise no provider (bookings stay reserved). */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  return secretKey ? new StripePaymentProvider({ secretKey, webhookSecret, apiBase }) : null;
}

/**
 * Several instances on one database: each committed workshop write is published,
 * and each instance refreshes the runs named (or drops its catalog snapshot) when another one publishes.
 * Channels are per database, so test runs and sites sharing a Redis do not mix.
 */
function connectCatalogBus(config: Config, workshops: WorkshopService, logger: Logger): RedisBus {
  const bus = new RedisBus(config.redisUrl!, logger, `wl:${databaseKey(config)}:`);
  // A booking's spot change names its run: the other instances refresh that row in place.
  void bus.subscribe('catalog', (ids) => (ids ? workshops.catalog.refresh(ids.split(',')) : workshops.catalog.invalidate()));
  workshops.catalog.onCommittedWrite((ids) => void bus.publish('catalog', ids?.join(',')));
  return bus;
}

/** The same for every instance on one database (host, port and name; never the password). */
function databaseKey(config: Config): string {
  const d = config.database;
  let id: string;
  if (d.kind === 'sqlite') id = `sqlite:${path.resolve(d.file)}`;
  else {
    const u = new URL(d.url);
    id = `mysql://${u.hostname}:${u.port || '3306'}${u.pathname}`;
  }
  return crypto.createHash('sha256').update(id).digest('hex').slice(0, 16);
}
