import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadBlob } from '../manifest';
import { GiftCardSection, PromoCodeSections } from './CodeSections';

jest.mock('../manifest', () => ({ ...jest.requireActual<object>('../manifest'), downloadBlob: jest.fn() }));

const zero = { soldCount: 0, soldCents: 0, issuedCents: 0, redeemedCents: 0, voidedCents: 0, refundedCents: 0, expiredCents: 0 };
const GIFT_CARDS = {
  __typename: 'GiftCardNumbers' as const,
  soldCount: 2,
  soldCents: 70_000,
  issuedCents: 20_000,
  redeemedCents: 50_000,
  voidedCents: 10_000,
  refundedCents: 20_000,
  expiredCents: 0,
  outstandingCents: 10_000,
  months: [
    { __typename: 'GiftCardMonth' as const, month: '2026-01', ...zero, soldCount: 1, soldCents: 50_000, redeemedCents: 50_000, outstandingCents: 0 },
    { __typename: 'GiftCardMonth' as const, month: '2026-02', ...zero, soldCount: 1, soldCents: 20_000, issuedCents: 10_000, voidedCents: 10_000, refundedCents: 20_000, outstandingCents: 0 },
    { __typename: 'GiftCardMonth' as const, month: '2026-03', ...zero, issuedCents: 10_050, outstandingCents: 10_050 },
  ],
};
const PROMO = {
  __typename: 'PromoNumbers' as const,
  uses: 3,
  discountCents: 52_110,
  months: [
    { __typename: 'PromoMonth' as const, month: '2026-01', uses: 2, discountCents: 28_950 },
    { __typename: 'PromoMonth' as const, month: '2026-02', uses: 1, discountCents: 23_160 },
  ],
  codes: [
    { __typename: 'PromoCodeFigures' as const, code: 'SPRING10', uses: 2, discountCents: 28_950, paidCents: 126_080 },
    { __typename: 'PromoCodeFigures' as const, code: '=CMD()', uses: 1, discountCents: 23_160, paidCents: -500 },
  ],
};

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the owner dashboard’s gift card and promo code sections', () => {
  it('reads the gift cards month by month in a table behind the chart, with the totals above', () => {
    render(<GiftCardSection numbers={GIFT_CARDS} from="2026-01" to="2026-03" />);
    const section = screen.getByRole('region', { name: 'Gift cards' });
    expect(within(section).getByText('$700 (2 cards)')).toBeInTheDocument();
    expect(within(section).getByText('Outstanding at Mar 2026’s end').nextSibling).toHaveTextContent('$100');
    const chart = within(section).getByRole('region', { name: 'Gift cards by month' });
    expect(chart.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const table = within(chart).getByRole('table', { name: /Gift cards by month/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Month', 'Cards sold', 'Sold', 'Issued by hand', 'Redeemed', 'Voided', 'Refunded', 'Expired', 'Outstanding at month end']);
    expect(cells(within(table).getByRole('row', { name: /Jan 2026/ }))).toEqual(['1', '$500', '$0', '$500', '$0', '$0', '$0', '$0']);
    expect(cells(within(table).getByRole('row', { name: /Feb 2026/ }))).toEqual(['1', '$200', '$100', '$0', '$100', '$200', '$0', '$0']);
    expect(cells(within(table).getByRole('row', { name: /Mar 2026/ }))).toEqual(['0', '$0', '$100.50', '$0', '$0', '$0', '$0', '$100.50']);
    expect(within(chart).getByRole('button', { name: 'Download CSV: Gift cards by month' })).toBeInTheDocument();
  });

  it('reads promo codes by month and by code; a code that looks like a formula is defused in the CSV', () => {
    render(<PromoCodeSections numbers={PROMO} from="2026-01" to="2026-02" />);
    const section = screen.getByRole('region', { name: 'Promo codes' });
    expect(within(section).getByText('Discount given', { selector: 'dt' }).nextSibling).toHaveTextContent('$521.10');
    const byMonth = within(section).getByRole('table', { name: /Promo code discounts by month/ });
    expect(cells(within(byMonth).getByRole('row', { name: /Jan 2026/ }))).toEqual(['2', '$289.50']);
    const byCode = within(section).getByRole('table', { name: /Each promo code/ });
    expect(within(byCode).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Uses', 'Discount given', 'Paid by its bookings']);
    expect(cells(within(byCode).getByRole('row', { name: /SPRING10/ }))).toEqual(['2', '$289.50', '$1,260.80']);
    expect(cells(within(byCode).getByRole('row', { name: /CMD/ }))).toEqual(['1', '$231.60', '-$5']);
  });

  it('says so when no code was used', () => {
    render(<PromoCodeSections numbers={{ ...PROMO, uses: 0, discountCents: 0, months: [], codes: [] }} from="2026-01" to="2026-02" />);
    const byCode = screen.getByRole('table', { name: /Each promo code/ });
    expect(within(byCode).getByText('Nothing yet.')).toBeInTheDocument();
  });

  it('downloads each table as CSV: months as YYYY-MM, dollars with two decimals, a formula-looking code defused', async () => {
    const user = userEvent.setup();
    render(
      <>
        <GiftCardSection numbers={GIFT_CARDS} from="2026-01" to="2026-03" />
        <PromoCodeSections numbers={PROMO} from="2026-01" to="2026-02" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV: Gift cards by month' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV: Each promo code' }));
    const [[giftName, gift], [codeName, codes]] = jest.mocked(downloadBlob).mock.calls as Array<[string, Blob]>;
    expect(giftName).toBe('gift-cards-2026-01-to-2026-03.csv');
    expect((await gift.text()).split('\r\n')[3]).toBe('2026-03,0,0.00,100.50,0.00,0.00,0.00,0.00,100.50');
    expect(codeName).toBe('promo-codes-2026-01-to-2026-02.csv');
    expect(await codes.text()).toBe("Code,Uses,Discount given,Paid by its bookings\r\nSPRING10,2,289.50,1260.80\r\n'=CMD(),1,231.60,-5.00\r\n");
  });
});
