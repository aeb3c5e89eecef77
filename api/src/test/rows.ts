import crypto from 'node:crypto';
import type { Database } from '../infrastructure/db/data-source';
import { Booking } from '../booking/booking.entity';
import { BookingStatus, ExperienceLevel, PaymentOption, RoomType } from '../booking/booking.types';
import { CommunityMessage } from '../community/community-message.entity';
import { MessageTopic } from '../community/community.types';

/**
 * Rows written straight through the entities, for tests that need bookings or
 * messages without going through the booking and community flows.
 */
export async function insertBooking(db: Database, overrides: Partial<Booking> = {}): Promise<Booking> {
  const createdAt = overrides.createdAt ?? new Date();
  const row = db.manager.create(Booking, {
    id: crypto.randomUUID(),
    workshopId: 'zion-canyon-light',
    workshopName: 'Zion Canyon Light & Slot Canyons',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    customerPhone: '+1 555 0100',
    numParticipants: 1,
    roomType: RoomType.shared,
    numSpouses: 0,
    paymentOption: PaymentOption.deposit,
    installments: null,
    specialRequests: null,
    age: 36,
    experienceLevel: ExperienceLevel.intermediate,
    cameraBody: 'Nikon Z6',
    lenses: '24-70mm f/4',
    otherEquipment: null,
    healthConcerns: null,
    dietaryRestrictions: null,
    tripGoals: 'Better light',
    emergencyContactName: 'Charles Babbage',
    emergencyContactPhone: '+1 555 0101',
    emergencyContactEmail: 'charles@example.com',
    status: BookingStatus.confirmed,
    paymentStatus: 'deposit_paid',
    totalCents: 289_500,
    dueNowCents: 86_850,
    amountPaidCents: 86_850,
    holdExpiresAt: null,
    checkoutSessionId: null,
    ...overrides,
    createdAt,
    updatedAt: overrides.updatedAt ?? createdAt,
  });
  return db.manager.save(row);
}

export async function insertMessage(db: Database, overrides: Partial<CommunityMessage> = {}): Promise<CommunityMessage> {
  const row = db.manager.create(CommunityMessage, {
    id: crypto.randomUUID(),
    workshopId: 'zion-canyon-light',
    authorName: 'Grace Hopper',
    authorEmail: 'grace@example.com',
    message: 'Anyone driving from Las Vegas?',
    topic: MessageTopic.ride_sharing,
    createdAt: new Date(),
    ...overrides,
  });
  return db.manager.save(row);
}
