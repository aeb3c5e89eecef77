import crypto from 'node:crypto';
import { clean, cleanOptional } from '../infrastructure/text';
import { installmentSchedule } from '../shared/policy';
import type { Workshop } from '../workshop/workshop.entity';
import type { Booking } from './booking.entity';
import type { BookingInput } from './booking.input';
import { BookingStatus, PaymentStatus } from './booking.types';
import { type BookingInstallment, InstallmentState } from './ledger.entities';

/** What createOrThrow decided before the row is written: its id, prices, expiry and who holds it. */
export interface NewBookingFacts {
  id: string;
  /** The short reference a customer quotes (booking-reference.ts). */
  reference: string;
  customerEmail: string;
  totalCents: number;
  /** The promo code applied and what it took off (the price is totalCents + discountCents). */
  promoCode: string | null;
  discountCents: number;
  dueNowCents: number;
  installments: number | null;
  holdExpiresAt: Date | null;
  clientKeyHash: string | null;
  now: Date;
}

/** The row of a new held booking: the visitor's text cleaned, money from the workshop and the policy only. */
export function newBookingRow(input: BookingInput, workshop: Workshop, f: NewBookingFacts): Partial<Booking> {
  return {
    id: f.id,
    reference: f.reference,
    workshopId: workshop.id,
    workshopName: workshop.name,
    customerName: clean(input.customerName),
    customerEmail: f.customerEmail,
    customerPhone: clean(input.customerPhone),
    numParticipants: input.numParticipants,
    roomType: input.roomType,
    numSpouses: input.numSpouses,
    paymentOption: input.paymentOption,
    installments: f.installments,
    specialRequests: cleanOptional(input.specialRequests),
    age: input.age,
    experienceLevel: input.experienceLevel,
    cameraBody: clean(input.cameraBody),
    lenses: clean(input.lenses),
    otherEquipment: cleanOptional(input.otherEquipment),
    healthConcerns: cleanOptional(input.healthConcerns),
    dietaryRestrictions: cleanOptional(input.dietaryRestrictions),
    tripGoals: clean(input.tripGoals),
    emergencyContactName: clean(input.emergencyContactName),
    emergencyContactPhone: clean(input.emergencyContactPhone),
    emergencyContactEmail: clean(input.emergencyContactEmail).toLowerCase(),
    recoveryConsent: input.recoveryConsent === true,
    recoveryBookingId: null,
    status: BookingStatus.held,
    paymentStatus: PaymentStatus.pending,
    totalCents: f.totalCents,
    dueNowCents: f.dueNowCents,
    amountPaidCents: 0,
    amountRefundedCents: 0,
    feeCents: 0,
    promoCode: f.promoCode,
    discountCents: f.discountCents,
    providerCustomerId: null,
    providerPaymentMethodId: null,
    holdExpiresAt: f.holdExpiresAt,
    checkoutSessionId: null,
    clientKeyHash: f.clientKeyHash,
    createdAt: f.now,
    updatedAt: f.now,
  };
}

/** A payment plan's installments, fixed when booked (the first is what checkout charges); none for other options. */
export function installmentRows(booking: Pick<Booking, 'id' | 'paymentOption' | 'totalCents'>, workshop: Pick<Workshop, 'startDate' | 'timeZone'>, now: Date): Array<Partial<BookingInstallment>> {
  if (booking.paymentOption !== 'payment_plan') return [];
  return (installmentSchedule(booking.totalCents, workshop.startDate, now, workshop.timeZone) ?? []).map((i) => ({
    id: crypto.randomUUID(),
    bookingId: booking.id,
    number: i.number,
    dueDate: i.dueDate,
    amountCents: i.amountCents,
    state: InstallmentState.scheduled,
    failedAttempts: 0,
    lastError: null,
    paidAt: null,
  }));
}
