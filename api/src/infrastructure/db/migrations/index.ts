import { Initial1795304002232 } from './1795304002232-Initial';
import { AddMailOutbox1795307088400 } from './1795307088400-AddMailOutbox';
import { CheckoutSessionsAndMailLimit1795414782164 } from './1795414782164-CheckoutSessionsAndMailLimit';
import { AddHoldLimits1795416676816 } from './1795416676816-AddHoldLimits';
import { AddScheduledJobs1795421949980 } from './1795421949980-AddScheduledJobs';
import { MoneyLedger1795422325470 } from './1795422325470-MoneyLedger';
import { AddWaitlist1795422065648 } from './1795422065648-AddWaitlist';
import { AddAuditLog1795422038553 } from './1795422038553-AddAuditLog';
import { WorkshopCalendar1795421936218 } from './1795421936218-WorkshopCalendar';
import { WorkshopCancellationAndCredits1795424530233 } from './1795424530233-WorkshopCancellationAndCredits';
import { OutboxLeases1795623682769 } from './1795623682769-OutboxLeases';
import { RefundClaim1795623851242 } from './1795623851242-RefundClaim';
import { TransferRefundCap1795623772087 } from './1795623772087-TransferRefundCap';
import { WaitlistConfirmation1795624591421 } from './1795624591421-WaitlistConfirmation';
import { CatalogWindowIndexes1795635481314 } from './1795635481314-CatalogWindowIndexes';
import { AdminPagingAndSearch1795635058143 } from './1795635058143-AdminPagingAndSearch';
import { AddPhotos1795657020891 } from './1795657020891-AddPhotos';
import { AdminSortIndexes1795700000000 } from './1795700000000-AdminSortIndexes';
import { BookingReference1795710000000 } from './1795710000000-BookingReference';
import { Travellers1795720000000 } from './1795720000000-Travellers';
import { UniqueWaiverSignature1795720000001 } from './1795720000001-UniqueWaiverSignature';
import { DepartureInfo1795730000000 } from './1795730000000-DepartureInfo';
import { Reviews1795740000000 } from './1795740000000-Reviews';
import { AdminSecondFactor1795750000000 } from './1795750000000-AdminSecondFactor';
import { KnowBeforeYouGoJobs1795820000000 } from './1795820000000-KnowBeforeYouGoJobs';
import { TripDataRetention1795810000000 } from './1795810000000-TripDataRetention';
import { PromoCodes1795790000000 } from './1795790000000-PromoCodes';
import { GiftCards1795780000000 } from './1795780000000-GiftCards';
import { CheckoutRecovery1795800000000 } from './1795800000000-CheckoutRecovery';
import { EncryptedTotpSecret1795830000000 } from './1795830000000-EncryptedTotpSecret';
import { AccountingRetention1795830000001 } from './1795830000001-AccountingRetention';
import { CreditsAsBalances1795840000000 } from './1795840000000-CreditsAsBalances';
import { GiftCardDates1795850000000 } from './1795850000000-GiftCardDates';
import { RecoveryBooking1795860000000 } from './1795860000000-RecoveryBooking';
import { OverdueInstallmentIndex1795870000000 } from './1795870000000-OverdueInstallmentIndex';
import { DropBookingWorkshopKey1795900000000 } from './1795900000000-DropBookingWorkshopKey';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  Initial1795304002232,
  AddMailOutbox1795307088400,
  CheckoutSessionsAndMailLimit1795414782164,
  AddHoldLimits1795416676816,
  AddScheduledJobs1795421949980,
  MoneyLedger1795422325470,
  AddWaitlist1795422065648,
  AddAuditLog1795422038553,
  WorkshopCalendar1795421936218,
  WorkshopCancellationAndCredits1795424530233,
  OutboxLeases1795623682769,
  RefundClaim1795623851242,
  TransferRefundCap1795623772087,
  WaitlistConfirmation1795624591421,
  CatalogWindowIndexes1795635481314,
  AdminPagingAndSearch1795635058143,
  AddPhotos1795657020891,
  AdminSortIndexes1795700000000,
  BookingReference1795710000000,
  Travellers1795720000000,
  UniqueWaiverSignature1795720000001,
  DepartureInfo1795730000000,
  Reviews1795740000000,
  AdminSecondFactor1795750000000,
  KnowBeforeYouGoJobs1795820000000,
  TripDataRetention1795810000000,
  PromoCodes1795790000000,
  GiftCards1795780000000,
  CheckoutRecovery1795800000000,
  EncryptedTotpSecret1795830000000,
  AccountingRetention1795830000001,
  CreditsAsBalances1795840000000,
  GiftCardDates1795850000000,
  RecoveryBooking1795860000000,
  OverdueInstallmentIndex1795870000000,
  DropBookingWorkshopKey1795900000000,
];
