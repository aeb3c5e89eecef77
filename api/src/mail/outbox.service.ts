import { insertBound } from '../infrastructure/db/bound-insert';
import { preparedSelectOf } from '../infrastructure/db/prepared-select';
import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { MailOutbox, MailStatus } from './mail-outbox.entity';
import type { MailContext, MailTemplate, MailTemplates, RenderedMail } from './mail.types';
import { renderMail } from './render-mail';
import { type Lease, LeasedRows, newWorkerId } from '../infrastructure/queue/leased-rows';

export interface OutboxOptions {
  /** Recipient of the admin notices (ADMIN_EMAIL). */
  adminEmail: string;
  /** Personal links every rendered mail may use (the signed manage link). */
  links?: MailContext['links'];
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
  /** Delay before the next attempt after `attempt` failed ones (1, 2, ...). */
  backoffMs: (attempt: number) => number;
  /**
   * A `sending` claim older than this is taken to be from a worker that died
   * mid-send, and the mail is sent again. Longer than any send can take.
   */
  claimTimeoutMs: number;
  /**
   * At most this many mails to one address (the admin's excepted) within the
   * window, counted in the database so every instance shares the count. Over it
   * a mail is stored as suppressed and never sent: the booking form lets anyone
   * name any address, and nobody may use the site to flood an inbox.
   */
  recipientLimit: { mails: number; windowMs: number };
}

/** 30 s, 1 min, 2 min ... doubling up to 1 hour: 10 attempts cover about 3 hours of SMTP outage. */
export const DEFAULT_OUTBOX_OPTIONS: Omit<OutboxOptions, 'adminEmail'> = {
  maxAttempts: 10,
  backoffMs: (attempt) => Math.min(3_600_000, 30_000 * 2 ** (attempt - 1)),
  claimTimeoutMs: 10 * 60_000,
  recipientLimit: { mails: 5, windowMs: 24 * 3_600_000 },
};

export interface NewMail {
  /** A kind some domain registered (see register). */
  kind: string;
  to: string;
  /** JSON: everything the template needs, captured when the mail is caused. */
  payload: object;
  /**
   * Sent even over the recipient limit (it still counts toward it): for mails
   * the recipient proved they want by an act nobody else can do for them, such
   * as paying. A customer's money must always be acknowledged.
   */
  beyondLimit?: boolean;
  /**
   * The row's id, when the caller derives it from what causes the mail (a job's
   * key and recipient): a second enqueue of the same mail then fails on the key
   * (exactly once across a job's re-run). Random otherwise.
   */
  id?: string;
}

const MAX_ERROR_LENGTH = 1000;

/**
 * The transactional outbox (docs/decisions/030), for any mail: it knows no
 * domain. A domain enqueues a kind and a JSON payload with the EntityManager of
 * the transaction that makes the change, so the mail row commits or rolls back
 * with that change; the template registered for the kind renders it when it
 * is sent (docs/decisions/052). The MailWorker then
 * claims due rows one by one (compare-and-set), sends them and records the
 * outcome; the `attempts` counter fences every write after a claim.
 */
export class OutboxService {
  private readonly templates = new Map<string, MailTemplate<unknown>>();
  private readonly leases: LeasedRows<MailOutbox>;
  /** Names this process in the claims it takes. */
  private readonly workerId = newWorkerId();

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly options: OutboxOptions,
  ) {
    this.leases = new LeasedRows<MailOutbox>(db, {
      entity: MailOutbox,
      stateProperty: 'status',
      dueProperty: 'nextAttemptAt',
      ready: MailStatus.pending,
      leased: MailStatus.sending,
      failed: MailStatus.failed,
      leaseMs: options.claimTimeoutMs,
      maxAttempts: options.maxAttempts,
      backoffMs: options.backoffMs,
      onClaim: (now) => ({ claimedAt: now }),
      onAbandon: (_now, row) => ({ lastError: abandonedError(row) }),
    });
  }

  /**
   * Write one mail into the outbox, inside the caller's transaction. Over its
   * recipient's limit it is written as suppressed (visible, never sent).
   */
  async enqueue(m: EntityManager, mail: NewMail): Promise<MailOutbox> {
    const now = this.clock();
    // An erased customer's address (docs/decisions/101): kept as a record, never sent, no body.
    const erased = isErasedAddress(mail.to);
    const suppressed = erased || (!mail.beyondLimit && (await this.overRecipientLimit(m, mail.to, now)));
    const { mails, windowMs } = this.options.recipientLimit;
    const row = m.create(MailOutbox, {
      id: mail.id ?? crypto.randomUUID(),
      kind: mail.kind,
      recipient: mail.to,
      payload: erased ? { erased: true } : mail.payload,
      status: suppressed ? MailStatus.suppressed : MailStatus.pending,
      attempts: 0,
      nextAttemptAt: now,
      claimedAt: null,
      lockedBy: null,
      lockedUntil: null,
      sentAt: null,
      lastError: erased ? 'suppressed: the customer was erased on their request' : suppressed ? `suppressed: ${mails} mails to this address within ${windowMs / 3_600_000} h already` : null,
      createdAt: now,
    });
    // Every column is set: no read back of the defaults after the insert (a round trip in the caller's transaction).
    await insertBound(m, MailOutbox, row);
    if (suppressed && !erased) this.logger.warn({ mailId: row.id, kind: row.kind }, 'mail suppressed: its recipient reached the per-address limit');
    return row;
  }

  /**
   * Whether the address already has its share of mails in the window. Counted
   * in the caller's transaction; two enqueues racing may both pass, so the
   * limit can be exceeded by the number of concurrent requests, never more.
   */
  private async overRecipientLimit(m: EntityManager, to: string, now: Date): Promise<boolean> {
    if (to.toLowerCase() === this.options.adminEmail.toLowerCase()) return false;
    const { mails, windowMs } = this.options.recipientLimit;
    // Written once, run on the caller's transaction's connection through the driver (decision 111).
    const [row] = await preparedSelectOf(m, MailOutbox).rawIn(
      m,
      'recipient-count',
      () => m.createQueryBuilder(MailOutbox, 'o').select('COUNT(1)', 'cnt').where('o.recipient = :to AND o.createdAt > :since AND o.status <> :suppressed'),
      { to, since: new Date(now.getTime() - windowMs), suppressed: MailStatus.suppressed },
    );
    const recent = Number(row?.cnt ?? 0);
    return recent >= mails;
  }

  /** Recipient of the admin notices (ADMIN_EMAIL), for the domains' mails. */
  get adminEmail(): string {
    return this.options.adminEmail;
  }

  /**
   * Add kinds of mail this outbox can send (the composition root registers
   * each domain's templates). A kind registered twice is a programming error.
   */
  register(templates: MailTemplates): this {
    for (const [kind, template] of Object.entries(templates)) {
      if (this.templates.has(kind)) throw new Error(`mail kind "${kind}" is registered twice`);
      this.templates.set(kind, template);
    }
    return this;
  }

  /** Render a stored mail with the template registered for its kind. */
  render(row: Pick<MailOutbox, 'kind' | 'payload'>, ctx: MailContext): Promise<RenderedMail> {
    const template = this.templates.get(row.kind);
    if (!template) throw new Error(`no mail template registered for kind "${row.kind}"`);
    return renderMail(template, row.payload, { links: this.links, ...ctx });
  }

  /** Personal links every rendered mail may use (the composition root's, through the options). */
  private get links(): MailContext['links'] {
    return this.options.links;
  }

  // The worker's side (claims, leases and fencing: the shared LeasedRows, docs/decisions/058).

  /** Rows to work on now: `sending` claims that went stale first, then pending ones that are due. */
  findDue(limit: number): Promise<MailOutbox[]> {
    return this.leases.claimable(this.clock(), limit);
  }

  /**
   * Claim a row for sending: pending → sending (or a stale sending claim taken
   * over), only if nobody claimed it since it was read. Returns the claimed
   * row, with `attempts` incremented, or null when another worker won (or the
   * stale claim was the last attempt: the mail is then failed).
   */
  async claim(row: MailOutbox): Promise<MailOutbox | null> {
    const now = this.clock();
    const lease = await this.leases.claimOne(row, now, this.workerId);
    if (lease === 'abandoned') {
      this.logger.error({ mailId: row.id, kind: row.kind, attempts: row.attempts }, `MAIL FAILED: ${abandonedError(row)}`);
      return null;
    }
    if (!lease) return null;
    if (lease.takenOver) {
      this.logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail claim went stale (worker died mid-send?): sending it again');
    }
    return Object.assign(new MailOutbox(), row, { status: MailStatus.sending, claimedAt: now, lockedBy: lease.lockedBy, lockedUntil: lease.lockedUntil, attempts: lease.attempts });
  }

  /** Record a successful send. False when our claim was taken over meanwhile (the mail may go out twice). */
  async markSent(claimed: MailOutbox): Promise<boolean> {
    const now = this.clock();
    const ok = await this.leases.finish(leaseOf(claimed), { status: MailStatus.sent, sentAt: now, lastError: null }, now);
    if (!ok) this.logger.warn({ mailId: claimed.id, kind: claimed.kind }, 'mail sent after its claim was taken over: it may be delivered twice');
    return ok;
  }

  /**
   * Record a failed attempt: back to pending with a later next_attempt_at, or
   * failed once the attempts are used up.
   */
  async markAttemptFailed(claimed: MailOutbox, error: unknown): Promise<MailStatus.pending | MailStatus.failed> {
    const lastError = describeError(error);
    const { outcome, retryAt } = await this.leases.attemptFailed(leaseOf(claimed), lastError, this.clock());
    const log = { mailId: claimed.id, kind: claimed.kind, attempts: claimed.attempts, err: lastError };
    if (claimed.attempts >= this.options.maxAttempts) {
      if (outcome === 'failed') this.logger.error(log, 'MAIL FAILED: gave up after the last attempt; it will not be sent (see mail_outbox.last_error)');
      return MailStatus.failed;
    }
    if (outcome === 'retried') this.logger.warn({ ...log, nextAttemptAt: retryAt }, 'mail not sent: will retry');
    return MailStatus.pending;
  }
}

/** The fencing token a claimed row carries. */
function leaseOf(claimed: MailOutbox): Lease {
  return { id: claimed.id, attempts: claimed.attempts, lockedBy: claimed.lockedBy ?? '', lockedUntil: claimed.lockedUntil ?? new Date(0), takenOver: false };
}

function abandonedError(row: Pick<MailOutbox, 'attempts'>): string {
  return `abandoned: the claim of attempt ${row.attempts} expired (worker died mid-send?) and no attempts are left`;
}

function describeError(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return `${code}${message}`.slice(0, MAX_ERROR_LENGTH);
}

/** The address an erasure gives a customer (privacy/personal-data.service.ts): `.invalid` is never deliverable (RFC 2606). */
export function isErasedAddress(to: string): boolean {
  return /@erased\.invalid$/i.test(to);
}
