import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), recording
 * what arrives, parsed by `mailparser`. It can be stopped and started again on
 * the same port (SMTP down), refuse messages with a temporary 451, or answer
 * slowly. Accepts the user `mailer` / password `secret`, or no login.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Answer the next N messages with "451 try again later". */
  rejectNext = 0;
  /** Wait this long before accepting a message. */
  delayMs = 0;
  port = 0;
  private server?: SMTPServer;

  get url(): string {
    return `smtp://mailer:secret@127.0.0.1:${this.port}`;
  }

  /** Mails delivered to one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      logger: false,
      secure: false,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) => {
        if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
          if (this.rejectNext > 0) {
            this.rejectNext--;
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          const raw = Buffer.concat(chunks);
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, parsed: await simpleParser(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stop listening (clients then get ECONNREFUSED); start() listens again on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
