import type { Logger } from '../infrastructure/logger';
import { PeriodicTask } from '../infrastructure/periodic-task';
import { BRAND } from '../shared/brand';
import type { Config } from '../infrastructure/config/env';
import type { OutboxService } from './outbox.service';
import { MAIL_DOMAIN, type Mailer } from './mailer';
import { MailStatus, type MailOutbox } from './mail-outbox.entity';
import type { SendResult } from './mailer';

export interface MailWorkerOptions {
  /** How often the outbox is polled. */
  intervalMs: number;
  /** Rows read per query; a run keeps reading while batches come back full. */
  batchSize: number;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends the outbox in the background (a PeriodicTask: one run at a time,
 * stopped gracefully, the mail being sent is finished and recorded).
 * Every row is claimed (compare-and-set) before it is sent, so any number of
 * workers, in one process or several, never send the same claim twice.
 */
export class MailWorker {
  private readonly task: PeriodicTask<DeliveryReport>;
  private readonly options: MailWorkerOptions;
  private readonly messageIdDomain: string;

  constructor(
    private readonly services: { outbox: OutboxService; mailer: Mailer; config: Pick<Config, 'mail'> },
    private readonly logger: Logger,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { intervalMs: 5_000, batchSize: 20, ...options };
    this.messageIdDomain = domainOf(services.config.mail.from) ?? MAIL_DOMAIN;
    this.task = new PeriodicTask(
      {
        name: 'mail outbox run',
        intervalMs: this.options.intervalMs,
        // The first tick comes soon enough (5 s) and lets start-up finish first.
        runAtStart: false,
        run: (shouldContinue) => this.drain(shouldContinue),
        nothing: { sent: 0, retried: 0, failed: 0 },
        didWork: (r) => r.sent + r.retried + r.failed > 0,
      },
      logger,
    );
  }

  start(): void {
    this.task.start();
  }

  /** One pass over the due mails; never overlaps with itself. */
  runOnce(): Promise<DeliveryReport> {
    return this.task.runOnce();
  }

  /** Stop polling and wait for the mail in flight to be sent and recorded. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  private async drain(shouldContinue: () => boolean): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < 50 && shouldContinue(); batch++) {
      const rows = await this.services.outbox.findDue(this.options.batchSize);
      for (const row of rows) {
        if (!shouldContinue()) break;
        const claimed = await this.services.outbox.claim(row);
        if (!claimed) continue;
        const outcome = await this.deliver(claimed);
        if (outcome === 'sent') report.sent++;
        else if (outcome === MailStatus.failed) report.failed++;
        else report.retried++;
      }
      if (rows.length < this.options.batchSize) break;
    }
    return report;
  }

  private async deliver(row: MailOutbox): Promise<'sent' | MailStatus.pending | MailStatus.failed> {
    let result: SendResult;
    try {
      const rendered = await this.services.outbox.render(row, { origin: this.services.config.mail.siteOrigin });
      result = await this.services.mailer.send({
        ...rendered,
        to: row.recipient,
        // Deterministic: if a crash makes us send a row twice, it is the same message to the receiver.
        messageId: `<${row.id}@${this.messageIdDomain}>`,
        replyTo: BRAND.contactEmail,
        date: row.createdAt,
        tag: row.kind,
      });
    } catch (e) {
      return this.services.outbox.markAttemptFailed(row, e);
    }
    // A failure to record it leaves the claim to go stale and the mail to be sent again (at least once).
    await this.services.outbox.markSent(row);
    this.logger.info({ mailId: row.id, kind: row.kind, attempts: row.attempts, ...('file' in result ? { file: result.file } : {}) }, 'mail sent');
    return 'sent';
  }
}

/** The domain of an address such as `Name <user@example.com>` or `user@example.com`. */
export function domainOf(address: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1];
}
