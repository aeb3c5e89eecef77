import crypto from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The kind, keys and due times of departure/know-before-you-go.service.ts (KBYG_JOB, kbygJobKey, kbygDueAt), copied: a migration keeps its own. */
const KIND = 'departure.know_before_you_go';
const DAYS = [14, 2];
const dueAt = (startDate: string, days: number): Date => new Date(Date.parse(`${startDate}T15:00:00.000Z`) - days * 86_400_000);

/**
 * Know before you go follows every run (issue 25, docs/decisions/087): until
 * now a run's two mails were scheduled only when the admin saved its details.
 * Every run not cancelled nor archived gets them now (a key already there is
 * kept). No date rule here: the handler decides when it runs (a run that has
 * started ends its job, a mail a later one overtook is not sent, a mail due
 * without details waits for them with one audit row). No DDL.
 */
export class KnowBeforeYouGoJobs1795820000000 implements MigrationInterface {
  name = 'KnowBeforeYouGoJobs1795820000000';

  async up(q: QueryRunner): Promise<void> {
    const d = q.connection.driver;
    const runs = (await q.query(`SELECT id, start_date FROM workshops WHERE cancelled_at IS NULL AND archived_at IS NULL`)) as Array<{ id: string; start_date: string }>;
    const taken = new Set(((await q.query(`SELECT ${d.escape('key')} AS k FROM scheduled_jobs WHERE kind = ?`, [KIND])) as Array<{ k: string }>).map((r) => r.k));
    // Bookkeeping of the rows (created_at), not a rule: a migration runs once, at deployment.
    const now = new Date();
    for (const run of runs) {
      for (const days of DAYS) {
        const key = `departure:${run.id}:kbyg:${run.start_date}:${days}`;
        if (taken.has(key)) continue;
        const [sql, parameters] = d.escapeQueryWithParameters(
          `INSERT INTO ${d.escape('scheduled_jobs')} (${['id', 'kind', 'key', 'due_at', 'state', 'attempts', 'payload', 'created_at', 'updated_at'].map((c) => d.escape(c)).join(', ')}) VALUES (:id, :kind, :key, :dueAt, 'pending', 0, :payload, :now, :now)`,
          { id: crypto.randomUUID(), kind: KIND, key, dueAt: dueAt(run.start_date, days), payload: JSON.stringify({ workshopId: run.id, startDate: run.start_date, days }), now },
        );
        await q.query(sql, parameters);
      }
    }
  }

  async down(): Promise<void> {
    // The jobs stay: before this migration, saving the details scheduled the same rows.
  }
}
