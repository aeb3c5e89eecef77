import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatCents } from 'api/shared/money';
import { POLICY } from 'api/shared/policy';
import { renderRoute } from '../test/render';
import { CANCELLATION_ROWS, TRANSFER_ROWS } from './policyText';

const questions = () => screen.getAllByRole('button', { expanded: undefined }).filter((b) => b.hasAttribute('aria-expanded') && b.closest('.accordion'));

/** Opens the question and returns the text of its answer. */
async function answerTo(user: ReturnType<typeof userEvent.setup>, question: RegExp): Promise<string> {
  const button = screen.getByRole('button', { name: question });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
  return document.getElementById(button.getAttribute('aria-controls')!)!.textContent ?? '';
}

describe('/faq', () => {
  it('has ten questions as disclosure buttons, all closed at first', () => {
    renderRoute('/faq');
    const buttons = questions();
    expect(buttons).toHaveLength(10);
    for (const b of buttons) {
      expect(b).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(b.getAttribute('aria-controls')!);
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
    }
  });

  it('opens one item at a time, and clicking the open item closes it', async () => {
    const user = userEvent.setup();
    renderRoute('/faq');
    const [first, second] = questions();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstPanel = screen.getByRole('region', { name: first.textContent! });
    expect(firstPanel).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(firstPanel).not.toBeVisible();
    expect(questions().filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);

    await user.click(second);
    expect(questions().every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderRoute('/faq');
    const [first] = questions();
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  it('renders the money and payment numbers of POLICY', async () => {
    const user = userEvent.setup();
    renderRoute('/faq');
    const payment = await answerTo(user, /payment options/i);
    expect(payment).toContain(`${POLICY.depositPercent}% deposit`);
    expect(payment).toContain(`${POLICY.minInstallments}-${POLICY.maxInstallments} monthly installments`);

    // The spec's FAQ said 30 days; we follow the terms: POLICY.balanceDueDaysBefore (60).
    const balance = await answerTo(user, /balance due/i);
    expect(balance).toContain(`${POLICY.balanceDueDaysBefore} days before the workshop starts`);
    expect(POLICY.balanceDueDaysBefore).toBe(60);

    const spouse = await answerTo(user, /spouse or partner/i);
    expect(spouse).toContain(`${POLICY.spousePercent}% of the workshop price`);
    expect(spouse).toContain(`Up to ${POLICY.maxSpouses}`);

    const groups = await answerTo(user, /how big are the groups/i);
    expect(groups).toContain(`${POLICY.maxGroupSize} participants`);
    expect(groups).toContain(`at least ${POLICY.minParticipants} participants`);

    const included = await answerTo(user, /included/i);
    expect(included).toContain(POLICY.privateRoomSupplementRangeText);

    const age = await answerTo(user, /minimum age/i);
    expect(age).toContain(`${POLICY.minAge} years old`);
  });

  it('gives the same cancellation tiers, transfer fees and timings as the cancellation policy page', async () => {
    const user = userEvent.setup();
    renderRoute('/faq');
    const cancellation = await answerTo(user, /cancellation policy/i);
    for (const t of POLICY.cancellationTiers) {
      if (t.refundPercent === 100) expect(cancellation).toMatch(/full refund/i);
      else if (t.refundPercent > 0) expect(cancellation).toContain(`${t.refundPercent}% refund`);
      if (t.feeCents > 0) expect(cancellation).toContain(formatCents(t.feeCents));
    }
    for (const row of CANCELLATION_ROWS) expect(cancellation).toContain(row.window);
    expect(cancellation).toContain(`${POLICY.refundBusinessDays} business days`);
    expect(cancellation).toContain(`${POLICY.cancellationProcessingBusinessDays} business days`);
    expect(screen.getByRole('link', { name: 'cancellation policy' })).toHaveAttribute('href', '/cancellation-policy');

    const transfer = await answerTo(user, /transfer/i);
    for (const row of TRANSFER_ROWS) expect(transfer).toContain(row.window);
    const fee = POLICY.transferTiers.find((t) => t.feeCents > 0)!;
    expect(transfer).toContain(formatCents(fee.feeCents));
  });

  it('links to the contact page and sets its own title', async () => {
    renderRoute('/faq');
    const help = screen.getByRole('complementary', { name: 'Still have a question?' });
    expect(within(help).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await waitFor(() => expect(document.title).toBe('Frequently Asked Questions | Wild Light Workshops'));
  });
});
