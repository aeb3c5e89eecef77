import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { BRAND } from '../shared/brand';
import type { RenderedMail } from './mail.types';

/** The domain of our addresses, for ids that must be globally unique (UID, Message-ID). */
export const MAIL_DOMAIN = BRAND.contactEmail.split('@')[1];

/** A rendered mail with its envelope. */
export interface OutgoingMail extends RenderedMail {
  to: string;
  /** `<id@domain>`, deterministic per outbox row so a resend is recognisably the same mail. */
  messageId: string;
  replyTo?: string;
  date: Date;
  /** Short label used in the .eml file name (the mail kind). */
  tag?: string;
}

/** What became of a sent mail: the SMTP server's reply, or the .eml file written. */
export type SendResult = { response: string } | { file: string };

/** Where mail goes. One real implementation (nodemailer); tests talk to a local SMTP server. */
export interface Mailer {
  /** For the start-up log: the SMTP server without credentials, or the .eml directory. */
  readonly target: string;
  /** Sends one mail. Rejects when it was not accepted. */
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; unset: write .eml files into outboxDir. */
  smtpUrl?: string;
  /** The From header, e.g. "Wild Light Workshops <hello@wildlightworkshops.com>". */
  from: string;
  outboxDir: string;
  /** Milliseconds to connect and to wait for the greeting (default 10 s). */
  connectTimeoutMs?: number;
  /** Milliseconds of silence before a connection is dropped (default 30 s). */
  socketTimeoutMs?: number;
}

/**
 * nodemailer over SMTP, or, without SMTP_URL, nodemailer's stream transport
 * writing each message as an .eml file: the exact MIME message SMTP would
 * carry, which any mail client opens.
 */
export class NodemailerMailer implements Mailer {
  readonly target: string;
  private readonly transport: Transporter;
  private readonly toFiles: boolean;

  constructor(private readonly options: MailerOptions) {
    this.toFiles = !options.smtpUrl;
    if (options.smtpUrl) {
      const url = new URL(options.smtpUrl);
      this.target = `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
      const connect = options.connectTimeoutMs ?? 10_000;
      this.transport = nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: connect,
        greetingTimeout: connect,
        socketTimeout: options.socketTimeoutMs ?? 30_000,
      });
    } else {
      this.target = path.resolve(options.outboxDir);
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    }
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    const info = await this.transport.sendMail({
      from: this.options.from,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, ...(a.encoding ? { encoding: a.encoding } : {}) })),
      messageId: mail.messageId,
      date: mail.date,
    });
    if (!this.toFiles) return { response: String(info.response ?? '') };
    const file = path.join(this.target, `${safeName(mail.tag ?? 'mail')}-${safeName(mail.messageId.replace(/^<|@.*$/g, ''))}.eml`);
    await fs.mkdir(this.target, { recursive: true });
    // Write then rename, so nobody opens a half-written file.
    await fs.writeFile(`${file}.tmp`, info.message as Buffer);
    await fs.rename(`${file}.tmp`, file);
    return { file };
  }

  close(): void {
    this.transport.close();
  }
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80);
}
