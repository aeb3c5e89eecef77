import { MailKind, type RenderedMail } from '../mail.types';
import { adminCommunityMessage, adminNewBooking, adminPaymentAttention } from './admin';
import { bookingPaid, bookingReserved, holdExpired, paymentNeedsAttention } from './customer';
import { layoutHtml, layoutText, type MailContext } from './layout';
import type { Template } from './template';

export type { MailContext } from './layout';

// Payloads are written by OutboxService from typed data; the kind says which type.
const TEMPLATES: Record<MailKind, Template<never>> = {
  [MailKind.bookingReserved]: bookingReserved,
  [MailKind.bookingPaid]: bookingPaid,
  [MailKind.paymentNeedsAttention]: paymentNeedsAttention,
  [MailKind.holdExpired]: holdExpired,
  [MailKind.adminNewBooking]: adminNewBooking,
  [MailKind.adminPaymentAttention]: adminPaymentAttention,
  [MailKind.adminCommunityMessage]: adminCommunityMessage,
};

/** Render one outbox mail: subject, HTML and text parts in the shared layout, attachments. */
export function renderMail(kind: MailKind, payload: unknown, ctx: MailContext): RenderedMail {
  const template = TEMPLATES[kind] as Template<unknown> | undefined;
  if (!template) throw new Error(`no mail template for kind "${kind}"`);
  const { subject, body, attachments } = template(payload, ctx);
  return { subject, html: layoutHtml(body, ctx), text: layoutText(body, ctx), attachments };
}
