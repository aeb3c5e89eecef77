/**
 * The money domain (docs/architecture.md, docs/decisions/071): a booking's
 * money after its first payment. One service per thing a newcomer looks for.
 */
import type { AdminMoneyService } from './admin-money.service';
import type { BookingAccountService } from './booking-account.service';
import type { CancellationService } from './cancellation.service';
import type { ChargeService } from './charges.service';
import type { PaymentReactions } from './payment-reactions';
import type { RefundDecider } from './refund-decider';
import type { RefundMaker } from './refund-maker';
import type { TransferService } from './transfer.service';

export interface MoneyDomain {
  /** The manage page's read model, its link check and "pay now". */
  accounts: BookingAccountService;
  /** Cancelling a booking with the policy's refund (customer, admin, a workshop's cancellation). */
  cancellations: CancellationService;
  /** Moving a booking to another workshop, its money settled and its plan re-planned. */
  transfers: TransferService;
  /** The admin's refunds, owed refunds paid back, the overdue list. */
  admin: AdminMoneyService;
  /** Installment charges, the provider's word on them, balance reminders and overdue notices (job handlers). */
  charges: ChargeService;
  /** What a payment applied to a booking sets off, in its transaction. */
  reactions: PaymentReactions;
  /** How a refund is paid (split over payments, credits, owed). */
  decider: RefundDecider;
  /** Makes online refunds, each behind one claim (docs/decisions/065). */
  refunds: RefundMaker;
}
