import { useMutation } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BookingInput } from '../gql/graphql';
import { redirectTo } from '../ui/browser';
import { graphqlProblem, isChallengeRequired } from '../forms/graphqlProblem';
import { rememberCheckout } from '../payment/checkoutMemory';
import type { BookingFormValues } from './BookingForm';
import { isLater, travellersFor } from './TravellerFields';
import { CREATE_BOOKING_MUTATION, CREATE_CHECKOUT_SESSION_MUTATION } from './documents';

export const BOOKING_ERROR_MESSAGE = 'Booking error. Please try again.';

const optional = (v: string) => (v.trim() ? v.trim() : null);

/** The form's text values as the booking input of the api (numbers parsed here, spec section 7). */
export function toBookingInput(workshopId: string, values: BookingFormValues): BookingInput {
  const others = travellersFor(parseInt(values.num_participants, 10), values.travellers ?? []);
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
    // Only when typed: the server applies it once (docs/decisions/063).
    ...(values.credit_code?.trim() ? { creditCode: values.credit_code.trim() } : {}),
    // Only when typed: the server checks it and takes its discount off (docs/decisions/096).
    ...(values.promo_code?.trim() ? { promoCode: values.promo_code.trim() } : {}),
    // Asked for only when ticked (decision 098): one mail if the payment is not finished.
    ...(values.recovery_consent === 'yes' ? { recoveryConsent: true } : {}),
    // The other travellers (issue 25): named, or left for the manage page.
    ...(others.length ? { travellers: others.map((t) => (isLater(t) ? { later: true } : { name: t.name.trim(), email: t.email.trim(), later: false })) } : {}),
  };
}

export interface BookThenPay {
  /** True from submit until the call fails (and while the browser leaves for the payment page). */
  submitting: boolean;
  /** The server's message for the last failure, if it gave one. */
  problem: string | null;
  submit(values: BookingFormValues): Promise<void>;
  /** The form changed: the next submit books afresh. */
  formChanged(): void;
  /**
   * Set while the server wants a solved challenge (CHALLENGE_REQUIRED): show the check, keyed by
   * this number so a second one starts afresh. Null otherwise.
   */
  challengeRound: number | null;
  /** The check solved its challenge: book again with the solution. */
  challengeSolved(payload: string): void;
}

/**
 * The booking flow of spec section 7: create the booking, then a checkout session; go to the
 * payment page, or to /confirmation/{id} when the session has no url. Either call failing
 * alerts the visitor and leaves the form as it was.
 */
export function useBookThenPay(workshopId: string, offerToken: string | null = null): BookThenPay {
  const navigate = useNavigate();
  const [createBooking] = useMutation(CREATE_BOOKING_MUTATION);
  const [createCheckoutSession] = useMutation(CREATE_CHECKOUT_SESSION_MUTATION);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A booking made by a submit whose payment step failed: retrying pays for it
  // instead of holding a second set of spots, unless the form changed since.
  const [createdBookingId, setCreatedBookingId] = useState<string | null>(null);
  // Set when the server asked for a challenge: the check shows, and the booking is sent again once solved.
  const [challenge, setChallenge] = useState<{ round: number; solvedOnce: boolean } | null>(null);
  const submitted = useRef<BookingFormValues | null>(null);

  const submit = async (values: BookingFormValues) => {
    if (submitting) return;
    submitted.current = values;
    await book(values, null);
  };

  const book = async (values: BookingFormValues, altcha: string | null) => {
    setSubmitting(true);
    setProblem(null);
    try {
      let bookingId = createdBookingId;
      if (!bookingId) {
        // With a waiting-list offer the booking takes the spots it holds.
        const input = { ...toBookingInput(workshopId, values), ...(altcha ? { altcha } : {}), ...(offerToken ? { offerToken } : {}) };
        const result = await createBooking({ variables: { input } });
        const created = result.data!.createBooking.booking;
        bookingId = created.id;
        setCreatedBookingId(bookingId);
        setChallenge(null);
        // Paid by a credit code (in full, or its first payment): nothing to pay now.
        if (created.status !== 'held') {
          navigate(`/confirmation/${bookingId}`);
          return;
        }
      }
      const session = await createCheckoutSession({ variables: { input: { bookingId, originUrl: window.location.origin } } });
      const url = session.data?.createCheckoutSession.url;
      const sessionId = session.data?.createCheckoutSession.sessionId;
      if (url) {
        if (sessionId) rememberCheckout(sessionId, bookingId);
        redirectTo(url);
        return; // keep "Processing..." while the browser leaves for the payment page
      }
      navigate(`/confirmation/${bookingId}`);
    } catch (err) {
      // Not a failure the first time: show the check, which books again by itself once solved.
      if (isChallengeRequired(err) && !(altcha && challenge?.solvedOnce)) {
        setChallenge((c) => ({ round: (c?.round ?? 0) + 1, solvedOnce: altcha !== null }));
        return; // stays "Processing..." while the check runs
      }
      console.warn('Booking failed', err);
      setChallenge(null);
      // The server's message for the visitor (sold out, too many spots held, invalid field), if any.
      setProblem(graphqlProblem(err).message);
      window.alert(BOOKING_ERROR_MESSAGE);
    }
    setSubmitting(false);
  };

  const challengeSolved = (payload: string) => {
    if (submitted.current) void book(submitted.current, payload);
  };

  const formChanged = useCallback(() => setCreatedBookingId(null), []);
  return { submitting, problem, submit, formChanged, challengeRound: challenge?.round ?? null, challengeSolved };
}
