import type { MailAttachment } from '../mail.types';
import type { MailBody, MailContext } from './layout';

/** A mail template: data in, subject + body (laid out by layout.ts) + attachments out. */
export type Template<T> = (data: T, ctx: MailContext) => { subject: string; body: MailBody; attachments: MailAttachment[] };
