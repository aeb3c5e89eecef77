import { AuditEvent } from './audit/audit-event.entity';
import { Booking } from './booking/booking.entity';
import { BookingInstallment, BookingPayment, BookingRefund } from './booking/ledger.entities';
import { CommunityMessage } from './community/community-message.entity';
import { MailOutbox } from './mail/mail-outbox.entity';
import { PaymentEvent } from './payment/payment-event.entity';
import { CheckoutSessionRecord } from './payment/checkout-session.entity';
import { UnmatchedPayment } from './payment/unmatched-payment.entity';
import { ScheduledJob } from './infrastructure/jobs/scheduled-job.entity';
import { UsedChallenge } from './infrastructure/proof-of-work/used-challenge.entity';
import { Testimonial } from './testimonial/testimonial.entity';
import { ReviewRequest } from './testimonial/review-request.entity';
import { Workshop } from './workshop/workshop.entity';
import { WaitlistEntry } from './waitlist/waitlist-entry.entity';
import { PromoCode, PromoCodeUse } from './promo/promo-code.entity';
import { GiftCard, GiftCardUse } from './gift-card/gift-card.entity';
import { Photo } from './photo/photo.entity';
import { Traveller } from './traveller/traveller.entity';
import { WaiverSignature, WaiverVersion } from './traveller/waiver.entities';
import { KnowBeforeYouGo } from './departure/know-before-you-go.entity';
import { DepartureMessage, DepartureMessageRecipient } from './departure/departure-message.entity';
import { AdminFactor, AdminRecoveryCode, AdminSession, AdminWebauthnChallenge } from './admin/second-factor/second-factor.entities';

/** Every entity of the product; the data source is built from this list. */
export const ENTITIES = [
  Workshop,
  Booking,
  CommunityMessage,
  Testimonial,
  PaymentEvent,
  MailOutbox,
  CheckoutSessionRecord,
  UnmatchedPayment,
  UsedChallenge,
  ScheduledJob,
  BookingPayment,
  BookingRefund,
  BookingInstallment,
  WaitlistEntry,
  AuditEvent,
  PromoCode,
  PromoCodeUse,
  GiftCard,
  GiftCardUse,
  Photo,
  ReviewRequest,
  Traveller,
  WaiverVersion,
  WaiverSignature,
  KnowBeforeYouGo,
  DepartureMessage,
  DepartureMessageRecipient,
  AdminFactor,
  AdminRecoveryCode,
  AdminSession,
  AdminWebauthnChallenge,
];

