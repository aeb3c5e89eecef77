import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Booking } from '../booking/booking.entity';
import { BookingStatus, ExperienceLevel, PaymentOption, RoomType } from '../booking/booking.types';

/**
 * Insert a booking row directly, for tests of code that reads bookings
 * (participants panel, admin views) without going through the booking flow.
 * Every column gets a realistic value; pass what the test is about.
 */
export async function insertBooking(manager: EntityManager, overrides: Partial<Booking> & Pick<Booking, 'workshopId'>): Promise<Booking> {
  const now = overrides.createdAt ?? new Date();
  const row = manager.create(Booking, {
    id: crypto.randomUUID(),
    workshopName: 'A workshop',
    customerName: 'Maria Garcia',
    customerEmail: `guest-${crypto.randomBytes(4).toString('hex')}@example.com`,
    customerPhone: '+1 555 0100',
    numParticipants: 1,
    roomType: RoomType.shared,
    numSpouses: 0,
    paymentOption: PaymentOption.deposit,
    installments: null,
    specialRequests: null,
    age: 40,
    experienceLevel: ExperienceLevel.intermediate,
    cameraBody: 'Nikon Z6',
    lenses: '24-70mm',
    otherEquipment: null,
    healthConcerns: null,
    dietaryRestrictions: null,
    tripGoals: 'Better light',
    emergencyContactName: 'Sam Garcia',
    emergencyContactPhone: '+1 555 0101',
    emergencyContactEmail: 'sam@example.com',
    status: BookingStatus.confirmed,
    paymentStatus: 'deposit_paid',
    totalCents: 289_500,
    dueNowCents: 86_850,
    amountPaidCents: 86_850,
    holdExpiresAt: null,
    checkoutSessionId: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
  await manager.insert(Booking, row);
  return row;
}
