import type { Config } from './infrastructure/config/env';
import type { Database } from './infrastructure/db/data-source';
import type { Logger } from './infrastructure/logger';
import { BookingService, OFFLINE_RESERVATION_MINUTES, PROVIDER_HOLD_MINUTES } from './booking/booking.service';
import { DEFAULT_HOLD_LIMITS, HoldGuard, type HoldLimits } from './booking/hold-limits';
import { DEFAULT_PROOF_OF_WORK, ProofOfWork, type ProofOfWorkOptions } from './infrastructure/proof-of-work/proof-of-work';
import { NodemailerMailer, type Mailer } from './mail/mailer';
import { DEFAULT_OUTBOX_OPTIONS, OutboxService } from './mail/outbox.service';
import { PaymentService } from './payment/payment.service';
import type { PaymentProvider } from './payment/payment-provider';
import { StripePaymentProvider } from './payment/stripe.provider';
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './infrastructure/rate-limit';
import { RedisRateLimitStore } from './infrastructure/redis-rate-limit-store';
import { CommunityService } from './community/community.service';
import { COMMUNITY_MAILS } from './community/community.mails';
import { BOOKING_MAILS } from './booking/booking.mails';
import { MESSAGE_POST_RATE_LIMIT } from './community/community.types';
import { AdminAuthService } from './admin/admin-auth.service';
import { AdminService } from './admin/admin.service';
import { TestimonialService } from './testimonial/testimonial.service';
import { WorkshopService } from './workshop/workshop.service';

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
  /** Counts of every rate limit and login throttle (memory, or Redis for several instances). */
  rateLimitStore: RateLimitStore;
  workshops: WorkshopService;
  testimonials: TestimonialService;
  bookings: BookingService;
  payments: PaymentService;
  community: CommunityService;
  /** Self-hosted ALTCHA challenges: issued to the booking form, redeemed once (docs/decisions/056). */
  proofOfWork: ProofOfWork;
  /** The admin password check (with throttling) behind every admin call. */
  adminAuth: AdminAuthService;
  admin: AdminService;
  /** Mails to send, written in the transactions that cause them (docs/decisions/030). */
  outbox: OutboxService;
  /** SMTP, or .eml files without SMTP_URL. Used by the MailWorker only. */
  mailer: Mailer;
}

/** Numbers a test may change; production uses the defaults. */
export interface ServiceTuning {
  /** Caps on unpaid spots and the challenge threshold; null turns the hold guard off. */
  holdLimits?: HoldLimits | null;
  proofOfWork?: ProofOfWorkOptions;
}

export function createServices(
  config: Config,
  db: Database,
  logger: Logger,
  clock: () => Date = () => new Date(),
  tuning: ServiceTuning = {},
): Services {
  const provider = createPaymentProvider(config);
  const rateLimitStore = config.rateLimitRedisUrl ? new RedisRateLimitStore(config.rateLimitRedisUrl, logger) : new MemoryRateLimitStore();
  const outbox = createOutbox(db, clock, logger, config.mail.adminEmail);
  const proofOfWork = new ProofOfWork(db, clock, config.altchaHmacSecret, tuning.proofOfWork ?? DEFAULT_PROOF_OF_WORK);
  const holdLimits = tuning.holdLimits === undefined ? DEFAULT_HOLD_LIMITS : tuning.holdLimits;
  const bookings = new BookingService(
    db,
    clock,
    {
      holdMinutes: provider ? PROVIDER_HOLD_MINUTES : null,
      reservationMinutes: OFFLINE_RESERVATION_MINUTES,
      holdGuard: holdLimits ? new HoldGuard(config.altchaHmacSecret, proofOfWork, holdLimits) : undefined,
      rateLimitStore,
    },
    outbox,
  );
  const workshops = new WorkshopService(db);
  return {
    config,
    db,
    logger,
    clock,
    rateLimitStore,
    workshops,
    testimonials: new TestimonialService(db),
    bookings,
    payments: new PaymentService(db, bookings, provider, clock, logger, rateLimitStore, config.publicOrigin),
    community: new CommunityService(
      db,
      workshops,
      clock,
      new RateLimiter(MESSAGE_POST_RATE_LIMIT, rateLimitStore, () => clock().getTime()),
      logger,
      outbox,
    ),
    proofOfWork,
    adminAuth: new AdminAuthService(config.admin, clock, rateLimitStore),
    admin: new AdminService(db, clock),
    outbox,
    mailer: new NodemailerMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: config.mail.outboxDir }),
  };
}

/**
 * The mail outbox with every domain's mails registered by kind (docs/decisions/052).
 * A new kind of mail is one template and one line in its domain's registry.
 */
export function createOutbox(db: Database, clock: () => Date, logger: Logger, adminEmail: string, options = DEFAULT_OUTBOX_OPTIONS): OutboxService {
  return new OutboxService(db, clock, logger, { ...options, adminEmail }).register(BOOKING_MAILS).register(COMMUNITY_MAILS);
}

/** Stripe when a secret key is configured; otherwise no provider (bookings stay reserved). */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  return secretKey ? new StripePaymentProvider({ secretKey, webhookSecret, apiBase }) : null;
}
