import { ENTITIES } from '../entities';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../infrastructure/config/env';
import { openDatabase, type Database } from '../infrastructure/db/data-source';
import { BookingService } from '../booking/booking.service';
import { CommunityMessage } from '../community/community-message.entity';
import { MessageTopic } from '../community/community.types';
import { Workshop } from '../workshop/workshop.entity';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { aBookingInput } from '../test/builders';
import { TestSmtpServer } from '../test/smtp';
import { MailOutbox, MailStatus } from './mail-outbox.entity';
import { BookingMailKind as MailKind, type BookingMailData } from '../booking/booking-mail-data';
import { BOOKING_MAILS } from '../booking/booking.mails';
import { COMMUNITY_MAILS, CommunityMails } from '../community/community.mails';
import { NodemailerMailer, type Mailer } from './mailer';
import { MailWorker } from './mail-worker';
import { OutboxService, type OutboxOptions } from './outbox.service';
import { MailLayout, Paragraph } from './mail-layout';
import type { MailTemplate } from './mail.types';

const START = new Date('2026-01-05T10:00:00.000Z');
const ADMIN = 'owner@example.com';
const OPTIONS: OutboxOptions = {
  adminEmail: ADMIN,
  maxAttempts: 3,
  backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
  claimTimeoutMs: 60_000,
  recipientLimit: { mails: 3, windowMs: 24 * 3_600_000 },
};

/** A pino logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe.each(DB_KINDS)('mail outbox on %s', (kind) => {
  let t: TestDb;
  let smtp: TestSmtpServer;
  let now: Date;
  const clock = () => now;
  const config = loadConfig({ NODE_ENV: 'test', MAIL_FROM: 'Wild Light Workshops <bookings@wildlightworkshops.com>', PUBLIC_ORIGIN: 'https://wild.test' });
  const opened: Database[] = [];
  const mailers: Mailer[] = [];

  beforeAll(async () => {
    t = await createTestDb(kind);
    smtp = await new TestSmtpServer().start();
  });
  afterAll(async () => {
    mailers.forEach((m) => m.close());
    for (const db of opened) await db.close();
    await smtp?.stop();
    await t?.drop();
  });
  beforeEach(async () => {
    now = new Date(START);
    smtp.received.length = 0;
    smtp.rejectNext = 0;
    smtp.delayMs = 0;
    await t.db.manager.clear(MailOutbox);
    await t.db.manager.createQueryBuilder().update(Workshop).set({ spotsClaimed: 0 }).execute();
  });

  const setup = (options: { db?: Database; mailer?: Mailer; outbox?: Partial<OutboxOptions> } = {}) => {
    const { logger, lines } = capturingLogger();
    const db = options.db ?? t.db;
    const outbox = new OutboxService(db, clock, logger, { ...OPTIONS, ...options.outbox }).register(BOOKING_MAILS).register(COMMUNITY_MAILS);
    const mailer = options.mailer ?? new NodemailerMailer({ smtpUrl: smtp.url, from: config.mail.from, outboxDir: '', connectTimeoutMs: 2000 });
    mailers.push(mailer);
    const worker = new MailWorker({ outbox, mailer, config }, logger);
    const bookings = new BookingService(db, clock, { holdMinutes: null }, outbox);
    return { outbox, worker, bookings, lines };
  };
  const rows = () => t.db.manager.find(MailOutbox, { order: { createdAt: 'ASC', id: 'ASC' } });
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  it('writes the mail in the transaction of the booking change: rolled back with it, committed with it', async () => {
    const { outbox, bookings } = setup();
    await expect(
      t.db.transaction(async (m) => {
        await outbox.enqueue(m, { kind: MailKind.holdExpired, to: 'x@example.com', payload: {} as never });
        throw new Error('the booking change failed');
      }),
    ).rejects.toThrow('the booking change failed');
    expect(await rows()).toHaveLength(0);

    const booking = await bookings.createOrThrow(aBookingInput({ workshopId: 'olympic-coast-rainforest' }));
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: MailKind.bookingReserved,
      recipient: 'ana@example.com',
      status: MailStatus.pending,
      attempts: 0,
      claimedAt: null,
      sentAt: null,
      lastError: null,
    });
    expect(row.createdAt.toISOString()).toBe(START.toISOString());
    expect(row.nextAttemptAt.toISOString()).toBe(START.toISOString());
    expect(row.payload).toMatchObject({ bookingId: booking.id, workshopId: 'olympic-coast-rainforest', totalCents: booking.totalCents, at: START.toISOString() });
  });

  it('sends a due mail once, over SMTP with login, with a Message-ID derived from the row, and marks it sent', async () => {
    const { worker, bookings } = setup();
    const booking = await bookings.createOrThrow(aBookingInput());
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: MailStatus.sent, attempts: 1, lastError: null });
    expect(row.sentAt!.toISOString()).toBe(START.toISOString());
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0].parsed;
    expect(mail.messageId).toBe(`<${row.id}@wildlightworkshops.com>`);
    expect(mail.from?.value).toEqual([{ name: 'Wild Light Workshops', address: 'bookings@wildlightworkshops.com' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hello@wildlightworkshops.com' }]);
    expect(mail.subject).toMatch(/^Your spots are reserved: Zion Canyon Light & Slot Canyons/);
    expect(mail.text).toContain(`https://wild.test/confirmation/${booking.id}`);
    // Nothing more to do.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('SMTP down for the first attempts: retried with backoff, then delivered exactly once when it is back', async () => {
    const { worker, bookings } = setup();
    await smtp.stop();
    try {
      await bookings.createOrThrow(aBookingInput()); // the booking does not care
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      let [row] = await rows();
      expect(row).toMatchObject({ status: MailStatus.pending, attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.nextAttemptAt.getTime()).toBe(START.getTime() + 1000);

      // Not due yet: nothing happens.
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      later(1000);
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      [row] = await rows();
      expect(row).toMatchObject({ status: MailStatus.pending, attempts: 2 });
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 2000); // doubled
    } finally {
      await smtp.start(); // same port
    }
    later(2000);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rows()).toMatchObject([{ status: MailStatus.sent, attempts: 3, lastError: null }]);
    later(60_000);
    await worker.runOnce();
    expect(smtp.received).toHaveLength(1);
  });

  it('SMTP rejecting with a temporary error: retried, then delivered once', async () => {
    const { worker, bookings } = setup();
    smtp.rejectNext = 1;
    await bookings.createOrThrow(aBookingInput());
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await rows())[0].lastError).toMatch(/451/);
    later(1000);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last attempt: failed, with the error kept and logged loudly', async () => {
    const { worker, bookings, lines } = setup();
    smtp.rejectNext = 99;
    await bookings.createOrThrow(aBookingInput());
    for (let i = 0; i < OPTIONS.maxAttempts; i++) {
      await worker.runOnce();
      later(10_000);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: MailStatus.failed, attempts: 3 });
    expect(row.lastError).toMatch(/451/);
    const loud = lines.filter((l) => l.level >= 50);
    expect(loud).toHaveLength(1);
    expect(loud[0]).toMatchObject({ mailId: row.id, kind: MailKind.bookingReserved, attempts: 3 });
    expect(loud[0].msg).toMatch(/MAIL FAILED/);
    // Personal data stays out of the logs.
    expect(JSON.stringify(lines)).not.toContain('ana@example.com');
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('hardening finding 8: at most N mails per address and day; the rest stored as suppressed and never sent; the admin and paid mails exempt', async () => {
    const { outbox, worker, bookings, lines } = setup();
    const victim = 'victim@example.com';
    for (let i = 0; i < 5; i++) {
      await bookings.createOrThrow(aBookingInput({ customerEmail: victim, customerName: `Spam${i} visit evil.example` }));
      later(1000);
    }
    const mine = async () => (await rows()).filter((r) => r.recipient === victim);
    expect((await mine()).map((r) => r.status)).toEqual([MailStatus.pending, MailStatus.pending, MailStatus.pending, MailStatus.suppressed, MailStatus.suppressed]);
    expect((await mine())[4].lastError).toBe('suppressed: 3 mails to this address within 24 h already');
    // Another address has its own count.
    await bookings.createOrThrow(aBookingInput({ customerEmail: 'someone.else@example.com' }));

    // The admin's notices are never limited (ADMIN in another case too), and a mail marked beyondLimit
    // (a payment's confirmation) goes out over the limit.
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 5; i++) await outbox.enqueue(m, { kind: MailKind.holdExpired, to: i % 2 ? ADMIN : ADMIN.toUpperCase(), payload: {} as never });
      await outbox.enqueue(m, { kind: MailKind.bookingPaid, to: victim, payload: {} as never, beyondLimit: true });
    });
    expect((await rows()).filter((r) => r.recipient.toLowerCase() === ADMIN).every((r) => r.status === MailStatus.pending)).toBe(true);
    expect((await mine()).map((r) => r.status)).toEqual([...Array(3).fill(MailStatus.pending), MailStatus.suppressed, MailStatus.suppressed, MailStatus.pending]);

    // Suppressed rows are never sent; the log names the row, not the address.
    await t.db.manager.delete(MailOutbox, { recipient: ADMIN.toUpperCase() });
    await t.db.manager.delete(MailOutbox, { kind: MailKind.bookingPaid });
    await t.db.manager.delete(MailOutbox, { kind: MailKind.holdExpired });
    expect(await worker.runOnce()).toEqual({ sent: 4, retried: 0, failed: 0 });
    expect(smtp.to(victim)).toHaveLength(3);
    expect(smtp.to('someone.else@example.com')).toHaveLength(1);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await mine()).filter((r) => r.status === MailStatus.suppressed)).toHaveLength(2);
    const warned = lines.filter((l) => l.msg === 'mail suppressed: its recipient reached the per-address limit');
    expect(warned).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain(victim);

    // A day later the address may be mailed again (counted in the window, suppressed rows not counted).
    later(24 * 3_600_000 + 1);
    await bookings.createOrThrow(aBookingInput({ customerEmail: victim }));
    expect((await mine()).at(-1)!.status).toBe(MailStatus.pending);
  });

  it('two workers racing over the same rows never send a mail twice', async () => {
    // On MariaDB the second worker has its own connection pool, as a second process would.
    // On SQLite both share the process's one connection: better-sqlite3 is synchronous, so a
    // second connection in the same process would block the event loop while it waits for the lock.
    let db = t.db;
    if (kind === 'mysql') {
      db = await openDatabase(t.config, { entities: ENTITIES });
      opened.push(db);
    }
    const a = setup();
    const b = setup({ db });
    const n = 12;
    const payload = await aBookingPayload();
    await t.db.transaction(async (m) => {
      for (let i = 0; i < n; i++) await a.outbox.enqueue(m, { kind: MailKind.holdExpired, to: `guest${i}@example.com`, payload });
    });
    const [ra, rb] = await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
    expect(ra.sent + rb.sent).toBe(n);
    // Both really took part: each lost claims to the other and sent some itself.
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    expect(smtp.received).toHaveLength(n);
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(n);
    expect(new Set(smtp.received.flatMap((m) => m.to)).size).toBe(n);
    expect((await rows()).every((r) => r.status === MailStatus.sent && r.attempts === 1)).toBe(true);
  });

  it('a claim left by a worker that died mid-send is taken over after the timeout, with the same Message-ID', async () => {
    const { outbox, worker, bookings, lines } = setup();
    await bookings.createOrThrow(aBookingInput());
    const [pending] = await rows();
    // A worker claims it and dies before recording anything.
    const crashed = await outbox.claim(pending);
    expect(crashed).toMatchObject({ status: MailStatus.sending, attempts: 1 });
    expect(await outbox.claim(pending)).toBeNull(); // nobody else can claim it meanwhile

    later(OPTIONS.claimTimeoutMs - 1);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    later(1);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rows()).toMatchObject([{ status: MailStatus.sent, attempts: 2 }]);
    expect(smtp.received[0].parsed.messageId).toBe(`<${pending.id}@wildlightworkshops.com>`);
    expect(lines.some((l) => /went stale/.test(l.msg))).toBe(true);
    // The dead worker's claim is fenced: if it wakes up, it cannot record anything.
    expect(await outbox.markSent(crashed!)).toBe(false);
    expect(await outbox.markAttemptFailed(crashed!, new Error('late'))).toBe(MailStatus.pending);
    expect(await rows()).toMatchObject([{ status: MailStatus.sent, attempts: 2, lastError: null }]);
  });

  it('a stale claim with no attempts left is marked failed, not sent again', async () => {
    const { outbox, worker, bookings } = setup({ outbox: { maxAttempts: 1 } });
    await bookings.createOrThrow(aBookingInput());
    expect(await outbox.claim((await rows())[0])).not.toBeNull();
    later(OPTIONS.claimTimeoutMs);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: MailStatus.failed, attempts: 1 });
    expect(row.lastError).toMatch(/abandoned/);
    expect(smtp.received).toHaveLength(0);
  });

  it('stop() lets the mail in flight finish and be recorded, then claims nothing more', async () => {
    const { worker, bookings } = setup();
    await bookings.createOrThrow(aBookingInput());
    await bookings.createOrThrow(aBookingInput({ customerEmail: 'second@example.com' }));
    smtp.delayMs = 300;
    const run = worker.runOnce();
    await new Promise((r) => setTimeout(r, 100)); // the first mail is on the wire
    await worker.stop();
    expect(await run).toEqual({ sent: 1, retried: 0, failed: 0 });
    const statuses = (await rows()).map((r) => r.status).sort();
    expect(statuses).toEqual([MailStatus.pending, MailStatus.sent]);
    expect(smtp.received).toHaveLength(1);
  });

  it('start() polls on its own until stop()', async () => {
    const { outbox, bookings } = setup();
    const worker = new MailWorker({ outbox, mailer: mailers[mailers.length - 1], config }, pino({ level: 'silent' }), { intervalMs: 20 });
    worker.start();
    try {
      await bookings.createOrThrow(aBookingInput());
      for (let i = 0; i < 200 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await worker.stop();
    }
    expect(smtp.received).toHaveLength(1);
    await bookings.createOrThrow(aBookingInput({ customerEmail: 'after-stop@example.com' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received).toHaveLength(1);
  });

  it('without SMTP_URL, writes each mail as a readable .eml file and logs its path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const { worker, bookings, lines } = setup({ mailer: new NodemailerMailer({ from: config.mail.from, outboxDir: dir }) });
    const booking = await bookings.createOrThrow(aBookingInput({ numParticipants: 2 }));
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^booking_reserved-[0-9a-f-]{36}\.eml$/);
    const file = path.join(dir, files[0]);
    expect(lines.find((l) => l.msg === 'mail sent')).toMatchObject({ file });
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toMatch(/^Your spots are reserved/);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('ana@example.com');
    expect(parsed.text).toContain(`https://wild.test/confirmation/${booking.id}`);
    expect(parsed.html).toContain('Your spots are reserved');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['zion-canyon-light.ics']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('CommunityMails.messagePosted: a community message reaches ADMIN_EMAIL, its text escaped in the HTML', async () => {
    const { outbox, worker } = setup();
    const message = Object.assign(new CommunityMessage(), {
      id: '6f1c3a52-2b7e-4a8e-9c1d-0d7a4c1e9b10',
      workshopId: 'zion-canyon-light',
      authorName: 'Maya <b>Chen</b>',
      authorEmail: 'maya@example.com',
      message: 'Anyone driving from Las Vegas?\nI have 2 seats. <script>alert(1)</script>',
      topic: MessageTopic.ride_sharing,
      createdAt: now,
    });
    await t.db.transaction(async (m) => {
      await m.insert(CommunityMessage, message);
      await new CommunityMails(outbox).messagePosted(m, message);
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = smtp.to(ADMIN);
    expect(mail.parsed.subject).toBe('New community message on Zion Canyon Light & Slot Canyons (Ride sharing)');
    expect(mail.parsed.text).toContain('> Anyone driving from Las Vegas?\n> I have 2 seats.');
    expect(mail.parsed.text).toContain('https://wild.test/workshop/zion-canyon-light/community');
    expect(mail.parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.parsed.html).not.toContain('<script>');
    expect(mail.parsed.html).toContain('Maya &lt;b&gt;Chen&lt;/b&gt;');
  });

  it('sends any registered kind of mail, knowing nothing of the domain; an unknown kind fails its attempt and is retried', async () => {
    const { outbox, worker } = setup();
    const greeting: MailTemplate<{ name: string }> = {
      subject: (d) => `Hello ${d.name}`,
      Body: ({ data, ctx }) => MailLayout({ ctx, title: 'A greeting', preheader: 'hi', children: Paragraph({ children: `Hi ${data.name}!` }) }),
    };
    outbox.register({ test_greeting: greeting });
    expect(() => outbox.register({ test_greeting: greeting })).toThrow('mail kind "test_greeting" is registered twice');
    await t.db.transaction(async (m) => {
      await outbox.enqueue(m, { kind: 'test_greeting', to: 'grace@example.com', payload: { name: 'Grace' } });
      await outbox.enqueue(m, { kind: 'test_nobody_registered', to: 'alan@example.com', payload: {} });
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 1, failed: 0 });
    const [mail] = smtp.to('grace@example.com');
    expect(mail.parsed.subject).toBe('Hello Grace');
    expect(mail.parsed.text).toContain('Hi Grace!');
    expect(mail.parsed.html).toContain('Wild Light Workshops');
    expect(smtp.to('alan@example.com')).toHaveLength(0);
    const unknown = (await rows()).find((r) => r.kind === 'test_nobody_registered')!;
    expect(unknown).toMatchObject({ status: MailStatus.pending, attempts: 1, lastError: 'no mail template registered for kind "test_nobody_registered"' });
  });

  /** Any booking payload will do for mails whose content is not under test. */
  async function aBookingPayload() {
    const { bookings } = setup();
    const booking = await bookings.createOrThrow(aBookingInput());
    const row = (await rows()).find((r) => (r.payload as BookingMailData).bookingId === booking.id)!;
    await t.db.manager.delete(MailOutbox, { id: row.id });
    return row.payload;
  }
});
