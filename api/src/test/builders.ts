import { BookingInput } from '../booking/booking.input';
import { ExperienceLevel, PaymentOption, RoomType } from '../booking/booking.types';

/** A valid booking request as the REST shim receives it (spec's snake_case). */
export function aBookingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    workshop_id: 'zion-canyon-light',
    customer_name: 'Ana Lopez',
    customer_email: 'ana@example.com',
    customer_phone: '+1 555 010 0100',
    num_participants: 1,
    room_type: 'shared',
    num_spouses: 0,
    payment_option: 'deposit',
    special_requests: '',
    age: 34,
    experience_level: 'intermediate',
    camera_body: 'Nikon Z8',
    lenses: '24-70mm f/2.8, 70-200mm f/4',
    other_equipment: 'Tripod, ND filters',
    health_concerns: 'Mild asthma',
    dietary_restrictions: 'Vegetarian',
    trip_goals: 'Learn to use reflected light',
    emergency_contact_name: 'Luis Lopez',
    emergency_contact_phone: '555-010-0101',
    emergency_contact_email: 'luis@example.com',
    ...overrides,
  };
}

/** The same request as a validated service input. */
export function aBookingInput(overrides: Partial<BookingInput> = {}): BookingInput {
  return Object.assign(new BookingInput(), {
    workshopId: 'zion-canyon-light',
    customerName: 'Ana Lopez',
    customerEmail: 'ana@example.com',
    customerPhone: '+1 555 010 0100',
    numParticipants: 1,
    roomType: RoomType.shared,
    numSpouses: 0,
    paymentOption: PaymentOption.deposit,
    age: 34,
    experienceLevel: ExperienceLevel.intermediate,
    cameraBody: 'Nikon Z8',
    lenses: '24-70mm',
    tripGoals: 'Reflected light',
    emergencyContactName: 'Luis Lopez',
    emergencyContactPhone: '555-010-0101',
    emergencyContactEmail: 'luis@example.com',
    ...overrides,
  });
}
