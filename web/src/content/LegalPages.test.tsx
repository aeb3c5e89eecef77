import { screen, waitFor, within } from '@testing-library/react';
import { formatCents } from 'api/shared/money';
import { POLICY } from 'api/shared/policy';
import { DEFAULT_RETENTION_DAYS, KEPT_FOR_ACCOUNTING, TRIP_DATA_RULES } from 'api/shared/retention';
import { renderRoute } from '../test/render';
import { CANCELLATION_ROWS, TRANSFER_AFTER_RULE, TRANSFER_ROWS } from './policyText';
import { PRIVACY_RETENTION_QUERY } from './retention';

/** The server's answer: its configured PERSONAL_DATA_RETENTION_DAYS. */
const retention = (tripDataDays: number, accountingYears = 7) => ({
  request: { query: PRIVACY_RETENTION_QUERY },
  result: { data: { privacyRetention: { __typename: 'RetentionPolicy', tripDataDays, accountingYears } } },
});

const mainText = () => screen.getByRole('main').textContent ?? '';

describe.each([
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/cancellation-policy', 'Cancellation Policy'],
])('%s', (path, title) => {
  it('is dated October 2025, has a back-to-home link and its own title', async () => {
    renderRoute(path, [retention(DEFAULT_RETENTION_DAYS)]);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(main.getByText('Last updated October 2025')).toBeInTheDocument();
    expect(main.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(`${title} | Wild Light Workshops`));
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  });

  it('lists its sections in a table of contents that links to them', async () => {
    renderRoute(path, [retention(DEFAULT_RETENTION_DAYS)]);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    // Let the page's queries settle inside act.
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  });
});

describe('/cancellation-policy numbers come from POLICY', () => {
  it('shows every cancellation tier with its refund and fee', () => {
    renderRoute('/cancellation-policy');
    const table = screen.getByRole('table', { name: 'Refunds when you cancel' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(POLICY.cancellationTiers.length);
    POLICY.cancellationTiers.forEach((t, i) => {
      const text = rows[i].textContent ?? '';
      expect(text).toContain(String(t.minDaysBefore === 0 ? POLICY.cancellationTiers[i - 1].minDaysBefore : t.minDaysBefore));
      if (t.refundPercent === 100) expect(text).toMatch(/Full refund/);
      else if (t.refundPercent > 0) expect(text).toContain(`${t.refundPercent}% refund`);
      else expect(text).toMatch(/No refund/);
      if (t.feeCents > 0) expect(text).toContain(formatCents(t.feeCents));
    });
  });

  it('shows the transfer fees, refund timing, provider cancellation and the minimum group', () => {
    renderRoute('/cancellation-policy');
    const transfers = within(screen.getByRole('table', { name: 'Transfer fees' })).getAllByRole('row').slice(1);
    expect(transfers.map((r) => r.textContent)).toEqual(TRANSFER_ROWS.map((r) => `${r.window}${r.outcome}`));
    const paid = POLICY.transferTiers.find((t) => t.feeCents > 0)!;
    expect(transfers[1]).toHaveTextContent(formatCents(paid.feeCents));
    expect(transfers[2]).toHaveTextContent(/not available/i);

    const text = mainText();
    // Issue 21: which tier applies after a transfer, and the worked example computed by the refund's own functions.
    expect(text).toContain('never more than cancelling that day would return');
    expect(text).toContain('transfer fees are kept and never refunded');
    expect(text).toContain(TRANSFER_AFTER_RULE);
    expect(text).toContain(
      'For example, with $3,000 paid, moving 65 days before the start to a $1,000 workshop refunds $1,500 at once ($500 is kept) and cancelling afterwards returns nothing more; moving 40 days before the start to a workshop of the same price costs the $500 fee, and cancelling afterwards returns $250 ($750 once the fee is paid), never the fee.',
    );
    expect(text).toContain('a cancelled workshop takes no transfers');
    expect(text).not.toContain('we refund the difference.');
    expect(text).toContain(`within ${POLICY.refundBusinessDays} business days`);
    expect(text).toContain(`within ${POLICY.cancellationProcessingBusinessDays} business days`);
    expect(text).toContain(`at least ${POLICY.minParticipants} participants`);
    expect(text).toContain(`${POLICY.providerCancellationRefundPercent}% refund`);
    expect(text).toMatch(/credit/);
    expect(text).toContain("A credit is a balance valid for 5 years: use it when you book or to pay a booking's balance or installments, in as many parts as you like.");
  });
});

describe('/terms numbers come from POLICY', () => {
  it('states the payment options, the balance due date, spouses, rooms, tiers and the minimum group', () => {
    renderRoute('/terms');
    const text = mainText();
    expect(text).toContain(`deposit of ${POLICY.depositPercent}%`);
    expect(text).toContain(`${POLICY.minInstallments}-${POLICY.maxInstallments} monthly installments`);
    expect(text).toContain(`due ${POLICY.balanceDueDaysBefore} days before the workshop starts`);
    expect(text).toContain(`${POLICY.spousePercent}% of the workshop price`);
    expect(text).toContain(`up to ${POLICY.maxSpouses} non-photographers`);
    expect(text).toContain(POLICY.privateRoomSupplementRangeText);
    expect(text).toContain(formatCents(POLICY.defaultPrivateRoomSupplementCents));
    expect(text).toContain(`at least ${POLICY.minAge} years old`);
    expect(text).toContain(`at least ${POLICY.minParticipants} participants`);
    for (const row of CANCELLATION_ROWS) expect(text).toContain(row.window);
    for (const t of POLICY.cancellationTiers) if (t.feeCents > 0) expect(text).toContain(formatCents(t.feeCents));
    expect(text).toContain(`${POLICY.refundBusinessDays} business days`);
  });
});

describe('/privacy-policy retention periods: the server\'s configured period, the categories of api/shared/retention', () => {
  it('states the configured period (45 days, not the default 90) for every category the erasure job erases, and how long accounting keeps money records', async () => {
    renderRoute('/privacy-policy', [retention(45)]);
    const list = await screen.findByRole('list', { name: 'Retention by category' });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent ?? '');
    for (const rule of TRIP_DATA_RULES) expect(items).toContain(`${rule.label}: 45 days after the workshop ends, for you and every traveller on your booking.`);
    expect(items.some((t) => t.startsWith(`${KEPT_FOR_ACCOUNTING.label}: 7 years after the workshop`))).toBe(true);
    expect(mainText()).toContain('We erase health notes, dietary needs, emergency contacts, ages and travel details (arrival, flight, roommate) 45 days after your workshop ends.');
    expect(mainText()).not.toMatch(/\b90 days\b/);
  });

  it('with the default setting it says 90 days', async () => {
    renderRoute('/privacy-policy', [retention(90)]);
    await screen.findByRole('list', { name: 'Retention by category' });
    expect(mainText()).toContain('ages and travel details (arrival, flight, roommate) 90 days after your workshop ends.');
  });

  it('states no period it does not know: loading, then an error that says to reload or write', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/privacy-policy', [{ request: { query: PRIVACY_RETENTION_QUERY }, error: new Error('offline') }]);
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('How long we keep each kind of data could not be loaded');
    expect(mainText()).not.toMatch(/\d+ days after your workshop ends/);
  });
});
