import type { Booking } from '../../booking/booking.entity';
import { BOOKING, BOOKING_WITH_DUE } from './schemas/booking';

/** When what is left falls due and whether it is paid online (issue 21): GET and POST /api/bookings. */
export interface BookingPaymentFacts {
  balanceDueDate: string | null;
  paysOnline: boolean;
}

/** Every field of a booking as the API writes it: snake_case, amounts in dollars, instants in ISO 8601 UTC. */
function bookingFields(b: Booking, payment?: BookingPaymentFacts): Record<string, unknown> {
  return {
    id: b.id,
    reference: b.reference,
    workshop_id: b.workshopId,
    workshop_name: b.workshopName,
    customer_name: b.customerName,
    customer_email: b.customerEmail,
    customer_phone: b.customerPhone,
    num_participants: b.numParticipants,
    room_type: b.roomType,
    num_spouses: b.numSpouses,
    payment_option: b.paymentOption,
    installments: b.installments,
    special_requests: b.specialRequests,
    age: b.age,
    experience_level: b.experienceLevel,
    camera_body: b.cameraBody,
    lenses: b.lenses,
    other_equipment: b.otherEquipment,
    health_concerns: b.healthConcerns,
    dietary_restrictions: b.dietaryRestrictions,
    trip_goals: b.tripGoals,
    emergency_contact_name: b.emergencyContactName,
    emergency_contact_phone: b.emergencyContactPhone,
    emergency_contact_email: b.emergencyContactEmail,
    total_amount: b.totalAmount,
    promo_code: b.promoCode,
    discount: b.discount,
    amount_due_now: b.amountDueNow,
    amount_paid: b.amountPaid,
    amount_refunded: b.amountRefunded,
    fees: b.fees,
    balance: b.balance,
    payment_status: b.paymentStatus,
    status: b.status,
    hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
    ...(payment ? { balance_due_date: payment.balanceDueDate, pays_online: payment.paysOnline } : {}),
    created_at: b.createdAt.toISOString(),
  };
}

/** The fields a view's schema names, in its order, and no other: a view never shows more than it declares. */
function view(fields: Record<string, unknown>, schema: { properties?: unknown }): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.properties as Record<string, unknown>).map((k) => [k, fields[k]]));
}

/**
 * The public Booking (read) JSON: the spec's confirmation fields and the
 * booking's non-sensitive choices. Health, dietary, age, phone and emergency
 * contacts are for the admin only (schemas/booking.ts BOOKING).
 */
export function bookingJson(b: Booking, payment?: BookingPaymentFacts): Record<string, unknown> {
  return view(bookingFields(b, payment), payment ? BOOKING_WITH_DUE : BOOKING);
}

/**
 * A booking as the admin sees it: every field of spec section 3 and its short reference
 * (schemas/booking.ts ADMIN_BOOKING, in its order: booking-json.test.ts holds them equal).
 * Written out rather than through `view`: the admin's exports write tens of thousands of these
 * in one answer (docs/decisions/082), and the values are bookingFields' own.
 */
export function adminBookingJson(b: Booking) {
  return {
    id: b.id,
    reference: b.reference,
    workshop_id: b.workshopId,
    workshop_name: b.workshopName,
    customer_name: b.customerName,
    customer_email: b.customerEmail,
    customer_phone: b.customerPhone,
    num_participants: b.numParticipants,
    room_type: b.roomType,
    num_spouses: b.numSpouses,
    payment_option: b.paymentOption,
    installments: b.installments,
    special_requests: b.specialRequests,
    age: b.age,
    experience_level: b.experienceLevel,
    camera_body: b.cameraBody,
    lenses: b.lenses,
    other_equipment: b.otherEquipment,
    health_concerns: b.healthConcerns,
    dietary_restrictions: b.dietaryRestrictions,
    trip_goals: b.tripGoals,
    emergency_contact_name: b.emergencyContactName,
    emergency_contact_phone: b.emergencyContactPhone,
    emergency_contact_email: b.emergencyContactEmail,
    total_amount: b.totalAmount,
    promo_code: b.promoCode,
    discount: b.discount,
    amount_due_now: b.amountDueNow,
    amount_paid: b.amountPaid,
    amount_refunded: b.amountRefunded,
    fees: b.fees,
    balance: b.balance,
    payment_status: b.paymentStatus,
    status: b.status,
    hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
  };
}
