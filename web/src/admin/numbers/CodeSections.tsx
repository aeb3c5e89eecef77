import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatCents } from 'api/shared/money';
import type { GiftCardSection_NumbersFragment, PromoCodeSections_NumbersFragment } from '../../gql/graphql';
import { BarChart, centsColumn, type Column, countColumn, monthColumn, monthLabel, shortMonth } from './charts';

export const GIFT_CARD_SECTION_FRAGMENT: TypedDocumentNode<GiftCardSection_NumbersFragment> = gql`
  fragment GiftCardSection_numbers on GiftCardNumbers {
    soldCount
    soldCents
    issuedCents
    redeemedCents
    voidedCents
    refundedCents
    expiredCents
    outstandingCents
    months {
      month
      soldCount
      soldCents
      issuedCents
      redeemedCents
      voidedCents
      refundedCents
      expiredCents
      outstandingCents
    }
  }
`;

export const PROMO_CODE_SECTIONS_FRAGMENT: TypedDocumentNode<PromoCodeSections_NumbersFragment> = gql`
  fragment PromoCodeSections_numbers on PromoNumbers {
    uses
    discountCents
    months {
      month
      uses
      discountCents
    }
    codes {
      code
      uses
      discountCents
      paidCents
    }
  }
`;

type GiftMonth = GiftCardSection_NumbersFragment['months'][number];
type PromoMonth = PromoCodeSections_NumbersFragment['months'][number];
type PromoCodeRow = PromoCodeSections_NumbersFragment['codes'][number];

const GIFT_CARD_COLUMNS: Column<GiftMonth>[] = [
  monthColumn(),
  countColumn('sold-count', 'Cards sold', (r) => r.soldCount),
  centsColumn('sold', 'Sold', (r) => r.soldCents),
  centsColumn('issued', 'Issued by hand', (r) => r.issuedCents),
  centsColumn('redeemed', 'Redeemed', (r) => r.redeemedCents),
  centsColumn('voided', 'Voided', (r) => r.voidedCents),
  centsColumn('refunded', 'Refunded', (r) => r.refundedCents),
  centsColumn('expired', 'Expired', (r) => r.expiredCents),
  centsColumn('outstanding', 'Outstanding at month end', (r) => r.outstandingCents),
];
const PROMO_MONTH_COLUMNS: Column<PromoMonth>[] = [monthColumn(), countColumn('uses', 'Uses', (r) => r.uses), centsColumn('discount', 'Discount given', (r) => r.discountCents)];
const PROMO_CODE_COLUMNS: Column<PromoCodeRow>[] = [
  { key: 'code', label: 'Code', text: (r) => r.code },
  countColumn('uses', 'Uses', (r) => r.uses),
  centsColumn('discount', 'Discount given', (r) => r.discountCents),
  centsColumn('paid', 'Paid by its bookings', (r) => r.paidCents),
];

/** Gift cards by month (decision 099 amendment): sold, redeemed and the balance still owed, with the table and its CSV. */
export function GiftCardSection({ numbers, from, to }: { numbers: GiftCardSection_NumbersFragment; from: string; to: string }) {
  return (
    <section className="stack" aria-labelledby="owner-gift-cards-heading" data-testid="owner-gift-cards">
      <h3 id="owner-gift-cards-heading">Gift cards</h3>
      <dl className="admin-totals">
        <div className="admin-total">
          <dt>Sold</dt>
          <dd>
            {formatCents(numbers.soldCents)} ({numbers.soldCount} {numbers.soldCount === 1 ? 'card' : 'cards'})
          </dd>
        </div>
        <div className="admin-total">
          <dt>Redeemed</dt>
          <dd>{formatCents(numbers.redeemedCents)}</dd>
        </div>
        <div className="admin-total">
          <dt>Outstanding at {monthLabel(to)}’s end</dt>
          <dd>{formatCents(numbers.outstandingCents)}</dd>
        </div>
      </dl>
      <p className="muted admin-note">
        Sales are money received (in the chart above); a card spent on a booking moved no money again. Outstanding is what the cards still hold, issued-by-hand ones included: workshops owed.
      </p>
      <BarChart
        testId="chart-gift-cards"
        title="Gift cards by month"
        description="Sold, redeemed on bookings, and the balance outstanding at each month’s end."
        rows={numbers.months}
        category={(r) => monthLabel(r.month)}
        axisLabel={(r) => shortMonth(r.month)}
        series={[
          { label: 'Sold', value: (r) => r.soldCents, className: 'owner-chart__bar--received' },
          { label: 'Redeemed', value: (r) => r.redeemedCents, className: 'owner-chart__bar--held' },
          { label: 'Outstanding', value: (r) => r.outstandingCents, className: 'owner-chart__bar--net' },
        ]}
        columns={GIFT_CARD_COLUMNS}
        csvName={`gift-cards-${from}-to-${to}.csv`}
      />
    </section>
  );
}

/** Promo codes: uses and the discount given by month, and per code with what its bookings paid. */
export function PromoCodeSections({ numbers, from, to }: { numbers: PromoCodeSections_NumbersFragment; from: string; to: string }) {
  return (
    <section className="stack" aria-labelledby="owner-promo-heading" data-testid="owner-promo-codes">
      <h3 id="owner-promo-heading">Promo codes</h3>
      <dl className="admin-totals">
        <div className="admin-total">
          <dt>Uses</dt>
          <dd>{numbers.uses}</dd>
        </div>
        <div className="admin-total">
          <dt>Discount given</dt>
          <dd>{formatCents(numbers.discountCents)}</dd>
        </div>
      </dl>
      <p className="muted admin-note">A use given back (a hold that lapsed, a booking cancelled before it paid) is not counted. “Paid by its bookings” is their payments in the period, less refunds.</p>
      <BarChart
        testId="chart-promo-months"
        title="Promo code discounts by month"
        description="The discount given by the codes used each month."
        rows={numbers.months}
        category={(r) => monthLabel(r.month)}
        axisLabel={(r) => shortMonth(r.month)}
        series={[{ label: 'Discount given', value: (r) => r.discountCents, className: 'owner-chart__bar--refunded' }]}
        columns={PROMO_MONTH_COLUMNS}
        csvName={`promo-codes-by-month-${from}-to-${to}.csv`}
      />
      <BarChart
        testId="chart-promo-codes"
        title="Each promo code"
        description="The discount each code gave and what its bookings paid."
        rows={numbers.codes}
        category={(r) => r.code}
        axisLabel={(r) => r.code}
        series={[
          { label: 'Discount given', value: (r) => r.discountCents, className: 'owner-chart__bar--refunded' },
          { label: 'Paid by its bookings', value: (r) => r.paidCents, className: 'owner-chart__bar--received' },
        ]}
        columns={PROMO_CODE_COLUMNS}
        csvName={`promo-codes-${from}-to-${to}.csv`}
      />
    </section>
  );
}
