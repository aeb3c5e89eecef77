import type { ReactNode } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import type { BookingFacts_AccountFragment } from '../../gql/graphql';
import { bookingStatusLabel, labelOf } from '../../ui/labels';
import { PaymentStatusBadge } from '../PaymentStatusBadge';
import { partyText } from '../party';

export const BOOKING_FACTS_FRAGMENT: TypedDocumentNode<BookingFacts_AccountFragment> = gql`
  fragment BookingFacts_account on BookingAccount {
    booking {
      id
      reference
      customerName
      numParticipants
      numSpouses
      roomType
      status
      paymentStatus
      paymentOption
      totalAmount
      fees
      amountPaid
      amountRefunded
    }
    workshop {
      id
      name
      dates
    }
  }
`;

/** The booking's facts on the manage page: who, what, and the money in three figures. */
export function BookingFacts({ account }: { account: BookingFacts_AccountFragment }) {
  const b = account.booking;
  return (
    <section className="card manage__section" aria-labelledby="manage-booking-heading">
      <div className="card__body">
        <h2 id="manage-booking-heading">Your booking</h2>
        <dl className="facts">
          {b.reference && (
            <Fact term="Booking reference">
              <span data-testid="booking-reference">{b.reference}</span>
            </Fact>
          )}
          <Fact term="Booking ID">
            <span data-testid="booking-id">{b.id}</span>
          </Fact>
          <Fact term="Workshop">{account.workshop.name}</Fact>
          <Fact term="Dates">{account.workshop.dates}</Fact>
          <Fact term="Name">{b.customerName}</Fact>
          <Fact term="Participants">
            {partyText(b.numParticipants, b.numSpouses)}
          </Fact>
          <Fact term="Room">{labelOf({ shared: 'Shared', private: 'Private' }, b.roomType)}</Fact>
          <Fact term="Booking status">
            <span data-testid="booking-status">{bookingStatusLabel(b.status)}</span>
          </Fact>
          <Fact term="Payment status">
            <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} />
          </Fact>
          <Fact term="Total">
            <span data-testid="total-amount">{formatDollars(b.totalAmount + b.fees)}</span>
          </Fact>
          {b.fees > 0 && <Fact term="Of which fees">{formatDollars(b.fees)}</Fact>}
          <Fact term="Paid">
            <span data-testid="amount-paid">{formatDollars(b.amountPaid)}</span>
          </Fact>
          {b.amountRefunded > 0 && (
            <Fact term="Refunded">
              <span data-testid="amount-refunded">{formatDollars(b.amountRefunded)}</span>
            </Fact>
          )}
        </dl>
      </div>
    </section>
  );
}

/** One term and its value in a `facts` list. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
