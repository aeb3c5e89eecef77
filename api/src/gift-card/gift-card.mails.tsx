import { ActionButton, Facts, MailLayout, Paragraph, Quote } from '../mail/mail-layout';
import type { MailTemplate, MailTemplates } from '../mail/mail.types';
import { formatCents } from '../shared/money';

export const GiftCardMailKind = {
  /** Buyer, at once when paid: the receipt. */
  receipt: 'gift_card_receipt',
  /** Recipient, on the delivery date: the code, the message and the printable card. */
  delivered: 'gift_card_delivered',
  /** Buyer, on the delivery date: it was delivered. */
  buyerNote: 'gift_card_buyer_note',
} as const;

export interface GiftCardMailData {
  giftCardId: string;
  code: string;
  amountCents: number;
  buyerName: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
  /** YYYY-MM-DD (UTC): the last day it is valid. */
  expiresOn: string;
  workshopName: string | null;
  kind: string;
}

const what = (d: GiftCardMailData) => (d.workshopName ? `one place on ${d.workshopName} (${formatCents(d.amountCents)})` : formatCents(d.amountCents));
const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const printUrl = (origin: string, code: string) => `${origin}/gift-cards/card#${encodeURIComponent(code)}`;

export const giftCardReceipt: MailTemplate<GiftCardMailData> = {
  subject: (d) => `Your gift card receipt: ${formatCents(d.amountCents)} for ${d.recipientName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Thank you for your gift card" preheader={`${d.recipientName} gets it on ${d.deliverOn}.`}>
      <Paragraph>{`Thank you, ${firstName(d.buyerName)}! Your payment of ${formatCents(d.amountCents)} was received.`}</Paragraph>
      <Facts
        facts={[
          ['Gift card', what(d)],
          ['For', `${d.recipientName} (${d.recipientEmail})`],
          ['Delivered on', d.deliverOn],
          ['Valid until', d.expiresOn],
        ]}
      />
      <Paragraph>{`We email the card with its code to ${d.recipientName} on ${d.deliverOn} and write to you when it is delivered. It is valid for 5 years and can pay any part of a booking.`}</Paragraph>
    </MailLayout>
  ),
};

export const giftCardDelivered: MailTemplate<GiftCardMailData> = {
  subject: (d) => (d.kind === 'goodwill' ? `A gift card of ${formatCents(d.amountCents)} from Wild Light` : `${d.buyerName} sent you a photography workshop gift card`),
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="You have a gift card" preheader={`${formatCents(d.amountCents)} toward a photography workshop, valid 5 years.`}>
      <Paragraph>{`Hi ${firstName(d.recipientName)}, ${d.kind === 'goodwill' ? 'we' : d.buyerName} sent you a gift card worth ${what(d)}.`}</Paragraph>
      {d.message ? <Quote text={d.message} /> : null}
      <Facts
        facts={[
          ['Your code', d.code],
          ['Worth', formatCents(d.amountCents)],
          ['Valid until', d.expiresOn],
        ]}
      />
      <Paragraph>{'Enter the code in the "Credit or gift card code" box when you book, or on your booking’s page to pay a balance or an installment. What you do not use stays on the card for 5 years.'}</Paragraph>
      <ActionButton href={printUrl(ctx.origin, d.code)}>Open the printable card</ActionButton>
    </MailLayout>
  ),
};

export const giftCardBuyerNote: MailTemplate<GiftCardMailData> = {
  subject: (d) => `Your gift card was delivered to ${d.recipientName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your gift card was delivered" preheader={`${d.recipientName} has it now.`}>
      <Paragraph>{`Hi ${firstName(d.buyerName)}, we emailed your gift card (${what(d)}) to ${d.recipientName} at ${d.recipientEmail} today.`}</Paragraph>
    </MailLayout>
  ),
};

export const GIFT_CARD_MAILS: MailTemplates = {
  [GiftCardMailKind.receipt]: giftCardReceipt,
  [GiftCardMailKind.delivered]: giftCardDelivered,
  [GiftCardMailKind.buyerNote]: giftCardBuyerNote,
};
