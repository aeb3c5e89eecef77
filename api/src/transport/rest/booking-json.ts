import type { Booking } from '../../booking/booking.entity';
import { balanceCentsOf, centsToDollars } from '../../shared/money';
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

/** A booking's raw row as the admin's export reads it (AdminListsService.bookingRowsOrThrow: `b_<column>`, BOOKING_EXPORT_COLUMNS). */
interface AdminBookingRow {
  b_id: string;
  b_reference: string | null;
  b_workshop_id: string;
  b_workshop_name: string;
  b_customer_name: string;
  b_customer_email: string;
  b_customer_phone: string;
  b_num_participants: number;
  b_room_type: string;
  b_num_spouses: number;
  b_payment_option: string;
  b_installments: number | null;
  b_special_requests: string | null;
  b_age: number | null;
  b_experience_level: string;
  b_camera_body: string;
  b_lenses: string;
  b_other_equipment: string | null;
  b_health_concerns: string | null;
  b_dietary_restrictions: string | null;
  b_trip_goals: string;
  b_emergency_contact_name: string;
  b_emergency_contact_phone: string;
  b_emergency_contact_email: string;
  b_total_cents: number;
  b_promo_code: string | null;
  b_discount_cents: number;
  b_due_now_cents: number;
  b_amount_paid_cents: number;
  b_amount_refunded_cents: number;
  b_fee_cents: number;
  b_payment_status: string;
  b_status: string;
  b_hold_expires_at: unknown;
  b_created_at: unknown;
}

/**
 * adminBookingJson written straight from the export's raw row (decision 110): the same fields in
 * the same order with the same values (the entity's getters' money, its Dates' ISO text through
 * `iso`), without making the entity. A test holds the two equal byte for byte on both engines.
 */
export function adminBookingRowJson(row: Record<string, unknown>, iso: (value: unknown) => string | null) {
  const r = row as unknown as AdminBookingRow;
  const amounts = { status: r.b_status, totalCents: r.b_total_cents, feeCents: r.b_fee_cents, amountPaidCents: r.b_amount_paid_cents, amountRefundedCents: r.b_amount_refunded_cents };
  return {
    id: r.b_id,
    reference: r.b_reference,
    workshop_id: r.b_workshop_id,
    workshop_name: r.b_workshop_name,
    customer_name: r.b_customer_name,
    customer_email: r.b_customer_email,
    customer_phone: r.b_customer_phone,
    num_participants: r.b_num_participants,
    room_type: r.b_room_type,
    num_spouses: r.b_num_spouses,
    payment_option: r.b_payment_option,
    installments: r.b_installments,
    special_requests: r.b_special_requests,
    age: r.b_age,
    experience_level: r.b_experience_level,
    camera_body: r.b_camera_body,
    lenses: r.b_lenses,
    other_equipment: r.b_other_equipment,
    health_concerns: r.b_health_concerns,
    dietary_restrictions: r.b_dietary_restrictions,
    trip_goals: r.b_trip_goals,
    emergency_contact_name: r.b_emergency_contact_name,
    emergency_contact_phone: r.b_emergency_contact_phone,
    emergency_contact_email: r.b_emergency_contact_email,
    total_amount: centsToDollars(r.b_total_cents),
    promo_code: r.b_promo_code,
    discount: centsToDollars(r.b_discount_cents),
    amount_due_now: centsToDollars(r.b_due_now_cents),
    amount_paid: centsToDollars(r.b_amount_paid_cents),
    amount_refunded: centsToDollars(r.b_amount_refunded_cents),
    fees: centsToDollars(r.b_fee_cents),
    balance: centsToDollars(balanceCentsOf(amounts)),
    payment_status: r.b_payment_status,
    status: r.b_status,
    hold_expires_at: iso(r.b_hold_expires_at),
    created_at: iso(r.b_created_at),
  };
}
