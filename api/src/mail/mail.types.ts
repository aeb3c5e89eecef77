import type { ReactElement } from 'react';

/** What every mail can link to: the public origin of the site (no trailing slash). */
export interface MailContext {
  origin: string;
  /** Personal links the composition root provides (the manage-booking link is signed with a server secret). */
  links?: MailLinks;
}

export interface MailLinks {
  /** The customer's "Manage your booking" page, with its token. */
  manageBooking(bookingId: string): string;
  /** A participant's personal review link (testimonial/review-links.ts), signed at render time so no token is stored. */
  review?(bookingId: string, recipientKey: string, expiresAt: Date): string;
  /** A traveller's own pre-trip tasks page, with its token (docs/decisions/084). */
  travellerTasks?(travellerId: string): string;
}

export interface MailAttachment {
  filename: string;
  /** Text, or base64 when `encoding` says so (a PDF). */
  content: string;
  contentType: string;
  /** 'base64': `content` is binary data in base64 (docs/decisions/085). */
  encoding?: 'base64';
}

/** What the worker sends: subject, HTML and plain-text parts, attachments. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/**
 * One kind of mail, owned by the domain that sends it (docs/decisions/052):
 * its payload type P is what the domain stored in the outbox when the event
 * happened; the body is a React Email component laid out by <MailLayout>.
 */
export interface MailTemplate<P> {
  subject(data: P): string;
  Body(props: { data: P; ctx: MailContext }): ReactElement;
  /** Made when the mail is sent; may be async (a PDF made from the stored payload). */
  attachments?(data: P, ctx: MailContext): MailAttachment[] | Promise<MailAttachment[]>;
}

/**
 * Templates by kind (the value stored in mail_outbox.kind), as each domain
 * exports them and the composition root registers them with the outbox.
 */
// The payload of a row is typed by its kind, which only the domain knows; the registry holds any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MailTemplates = Readonly<Record<string, MailTemplate<any>>>;
