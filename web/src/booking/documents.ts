import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  BookingConfirmationQuery,
  BookingConfirmationQueryVariables,
  BookingWorkshopQuery,
  BookingWorkshopQueryVariables,
  CreateBookingMutation,
  CreateBookingMutationVariables,
  CreateCheckoutSessionMutation,
  CreateCheckoutSessionMutationVariables,
  FinishCheckoutMutation,
  FinishCheckoutMutationVariables,
  PromoQuoteQuery,
  PromoQuoteQueryVariables,
  ResumeCheckoutMutation,
  ResumeCheckoutMutationVariables,
  WaitlistOfferQuery,
  WaitlistOfferQueryVariables,
} from '../gql/graphql';

export const BOOKING_WORKSHOP_QUERY: TypedDocumentNode<BookingWorkshopQuery, BookingWorkshopQueryVariables> = gql`
  query BookingWorkshop($id: ID!) {
    workshop(id: $id) {
      id
      name
      location
      state
      dates
      startDate
      timeZone
      durationDays
      price
      priceCents
      availableSpots
      privateRoomSupplement
      imageUrl
      hasStarted
      hasEnded
      cancelled
      paymentOptions {
        option
        available
        reason
      }
    }
  }
`;

/** The waiting-list offer of the link's `offer` token: the spots it holds, until when (docs/decisions/061). */
export const WAITLIST_OFFER_QUERY: TypedDocumentNode<WaitlistOfferQuery, WaitlistOfferQueryVariables> = gql`
  query WaitlistOffer($workshopId: ID!, $offerToken: String!) {
    waitlistOffer(workshopId: $workshopId, offerToken: $offerToken) {
      workshopId
      name
      email
      spots
      expiresAt
    }
  }
`;

/** The price of the form's choices with a promo code, computed by the server as the booking will be charged (docs/decisions/096). */
export const PROMO_QUOTE_QUERY: TypedDocumentNode<PromoQuoteQuery, PromoQuoteQueryVariables> = gql`
  query PromoQuote($input: PromoQuoteInput!) {
    promoQuote(input: $input) {
      promoCode
      subtotalCents
      discountCents
      totalCents
      dueNowCents
      installments
    }
  }
`;

/**
 * The "finish your booking" link of a lapsed checkout (decision 098): its choices priced now by
 * the server, and what one click would do (state); the choices also fill the form when asked.
 */
export const RESUME_CHECKOUT_MUTATION: TypedDocumentNode<ResumeCheckoutMutation, ResumeCheckoutMutationVariables> = gql`
  mutation ResumeCheckout($input: ResumeCheckoutInput!) {
    resumeCheckout(input: $input) {
      bookingId
      workshopId
      customerName
      customerEmail
      customerPhone
      numParticipants
      roomType
      numSpouses
      paymentOption
      spotsLeft
      state
      existingBookingId
      workshopName
      workshopDates
      paymentOptionNow
      paymentOptionNote
      subtotalCents
      discountCents
      totalCents
      dueNowCents
      installments
      promoCode
      promoCodeNote
      codeReturned
    }
  }
`;

/** "Finish my booking": the same choices booked again in one call, with the new booking's checkout. */
export const FINISH_CHECKOUT_MUTATION: TypedDocumentNode<FinishCheckoutMutation, FinishCheckoutMutationVariables> = gql`
  mutation FinishCheckout($input: FinishCheckoutInput!) {
    finishCheckout(input: $input) {
      outcome
      bookingId
      url
      sessionId
    }
  }
`;

export const CREATE_BOOKING_MUTATION: TypedDocumentNode<CreateBookingMutation, CreateBookingMutationVariables> = gql`
  mutation CreateBooking($input: BookingInput!) {
    createBooking(input: $input) {
      booking {
        id
        workshopId
        workshopName
        customerName
        customerEmail
        numParticipants
        totalAmount
        amountDueNow
        amountPaid
        paymentStatus
        status
      }
    }
  }
`;

export const CREATE_CHECKOUT_SESSION_MUTATION: TypedDocumentNode<CreateCheckoutSessionMutation, CreateCheckoutSessionMutationVariables> = gql`
  mutation CreateCheckoutSession($input: CheckoutSessionInput!) {
    createCheckoutSession(input: $input) {
      url
      sessionId
    }
  }
`;

export const BOOKING_CONFIRMATION_QUERY: TypedDocumentNode<BookingConfirmationQuery, BookingConfirmationQueryVariables> = gql`
  query BookingConfirmation($id: ID!) {
    booking(id: $id) {
      id
      reference
      workshopId
      workshopName
      customerName
      customerEmail
      numParticipants
      numSpouses
      roomType
      paymentOption
      installments
      totalAmount
      promoCode
      discount
      amountDueNow
      amountPaid
      amountRefunded
      balance
      paymentStatus
      status
      holdExpiresAt
      balanceDueDate
      paysOnline
    }
  }
`;
