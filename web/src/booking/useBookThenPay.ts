import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BookingInput } from '../gql/graphql';
import { redirectTo } from '../ui/browser';
import type { BookingFormValues } from './BookingForm';
import { CREATE_BOOKING_MUTATION, CREATE_CHECKOUT_SESSION_MUTATION } from './documents';

export const BOOKING_ERROR_MESSAGE = 'Booking error. Please try again.';

const optional = (v: string) => (v.trim() ? v.trim() : null);

/** The form's text values as the booking input of the api (numbers parsed here, spec section 7). */
export function toBookingInput(workshopId: string, values: BookingFormValues): BookingInput {
  return {
    workshopId,
    customerName: values.customer_name,
    customerEmail: values.customer_email,
    customerPhone: values.customer_phone,
    numParticipants: parseInt(values.num_participants, 10),
    roomType: values.room_type,
    numSpouses: parseInt(values.num_spouses, 10) || 0,
    paymentOption: values.payment_option,
    specialRequests: optional(values.special_requests),
    age: parseInt(values.age, 10),
    experienceLevel: values.experience_level,
    cameraBody: values.camera_body,
    lenses: values.lenses,
    otherEquipment: optional(values.other_equipment),
    healthConcerns: optional(values.health_concerns),
    dietaryRestrictions: optional(values.dietary_restrictions),
    tripGoals: values.trip_goals,
    emergencyContactName: values.emergency_contact_name,
    emergencyContactPhone: values.emergency_contact_phone,
    emergencyContactEmail: values.emergency_contact_email,
  };
}

/** A message the server gave for the visitor (sold out, invalid field), if any. */
function serverMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? null;
  return null;
}

export interface BookThenPay {
  /** True from submit until the call fails (and while the browser leaves for the payment page). */
  submitting: boolean;
  /** The server's message for the last failure, if it gave one. */
  problem: string | null;
  submit(values: BookingFormValues): Promise<void>;
  /** The form changed: the next submit books afresh. */
  formChanged(): void;
}

/**
 * The booking flow of spec section 7: create the booking, then a checkout session; go to the
 * payment page, or to /confirmation/{id} when the session has no url. Either call failing
 * alerts the visitor and leaves the form as it was.
 */
export function useBookThenPay(workshopId: string): BookThenPay {
  const navigate = useNavigate();
  const [createBooking] = useMutation(CREATE_BOOKING_MUTATION);
  const [createCheckoutSession] = useMutation(CREATE_CHECKOUT_SESSION_MUTATION);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A booking made by a submit whose payment step failed: retrying pays for it
  // instead of holding a second set of spots, unless the form changed since.
  const [createdBookingId, setCreatedBookingId] = useState<string | null>(null);

  const submit = async (values: BookingFormValues) => {
    if (submitting) return;
    setSubmitting(true);
    setProblem(null);
    try {
      let bookingId = createdBookingId;
      if (!bookingId) {
        const result = await createBooking({ variables: { input: toBookingInput(workshopId, values) } });
        bookingId = result.data!.createBooking.booking.id;
        setCreatedBookingId(bookingId);
      }
      const session = await createCheckoutSession({ variables: { input: { bookingId, originUrl: window.location.origin } } });
      const url = session.data?.createCheckoutSession.url;
      if (url) {
        redirectTo(url);
        return; // keep "Processing..." while the browser leaves for the payment page
      }
      navigate(`/confirmation/${bookingId}`);
    } catch (err) {
      console.warn('Booking failed', err);
      setProblem(serverMessage(err));
      window.alert(BOOKING_ERROR_MESSAGE);
    }
    setSubmitting(false);
  };

  const formChanged = useCallback(() => setCreatedBookingId(null), []);
  return { submitting, problem, submit, formChanged };
}
