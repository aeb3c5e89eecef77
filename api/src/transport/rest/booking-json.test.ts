import { Booking } from '../../booking/booking.entity';
import { BookingStatus, ExperienceLevel, PaymentOption, PaymentStatus, RoomType } from '../../booking/booking.types';
import { adminBookingJson, bookingJson } from './booking-json';
import { ADMIN_BOOKING, BOOKING } from './schemas/booking';

function aBooking(overrides: Partial<Booking> = {}): Booking {
  return Object.assign(new Booking(), {
    id: '5d0c2f9e-1111-4a4a-8b8b-000000000001',
    reference: 'WL-7KQ2M',
    workshopId: 'zion-canyon-light',
    workshopName: 'Zion Canyon Light',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    customerPhone: '+1 555 0100',
    numParticipants: 2,
    roomType: RoomType.private,
    numSpouses: 1,
    paymentOption: PaymentOption.payment_plan,
    installments: 4,
    specialRequests: 'Ground floor',
    age: 41,
    experienceLevel: ExperienceLevel.advanced,
    cameraBody: 'Nikon Z8',
    lenses: '24-120mm',
    otherEquipment: null,
    healthConcerns: 'Asthma',
    dietaryRestrictions: null,
    tripGoals: 'Light',
    emergencyContactName: 'Charles',
    emergencyContactPhone: '+1 555 0101',
    emergencyContactEmail: 'charles@example.com',
    status: BookingStatus.confirmed,
    paymentStatus: PaymentStatus.partially_paid,
    totalCents: 579_001,
    dueNowCents: 144_751,
    amountPaidCents: 289_500,
    amountRefundedCents: 1_050,
    feeCents: 7_500,
    holdExpiresAt: new Date('2026-03-01T10:30:00.123Z'),
    createdAt: new Date('2026-03-01T10:00:00.007Z'),
    ...overrides,
  });
}

describe('adminBookingJson (written out for the exports, docs/decisions/082)', () => {
  it('has the fields of its schema in the schema\'s order, with the values the public view shows for the fields they share', () => {
    for (const b of [aBooking(), aBooking({ reference: null, holdExpiresAt: null, status: BookingStatus.cancelled, installments: null, age: null })]) {
      const admin = adminBookingJson(b);
      expect(Object.keys(admin)).toEqual(Object.keys(ADMIN_BOOKING.properties as object));
      const pub = bookingJson(b);
      expect(Object.keys(pub)).toEqual(Object.keys(BOOKING.properties as object));
      for (const [key, value] of Object.entries(pub)) expect({ key, value: (admin as Record<string, unknown>)[key] }).toEqual({ key, value });
    }
    expect(adminBookingJson(aBooking())).toMatchObject({ reference: 'WL-7KQ2M', balance: 2980.51, fees: 75, amount_refunded: 10.5, hold_expires_at: '2026-03-01T10:30:00.123Z', customer_phone: '+1 555 0100', age: 41 });
    expect(adminBookingJson(aBooking({ reference: null, status: BookingStatus.cancelled }))).toMatchObject({ reference: null, balance: 0 });
  });
});
