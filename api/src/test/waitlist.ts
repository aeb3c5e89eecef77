import { MailOutbox } from '../mail/mail-outbox.entity';
import { WaitlistMailKind, type WaitlistMailData } from '../waitlist/waitlist.mails';
import type { TestServer } from './app';

/**
 * Confirms a waiting-list entry as its recipient would (docs/decisions/067): reads the link in
 * the text of its "confirm your place" mail and posts its token to the confirmation endpoint.
 * Returns the API's answer (the entry as it is now).
 */
export async function confirmByMail(s: TestServer, entryId: string): Promise<{ id: string; state: string; position: number | null }> {
  const rows = await s.services.db.manager.find(MailOutbox, { where: { kind: WaitlistMailKind.waitlistConfirm } });
  const row = rows.find((r) => (r.payload as WaitlistMailData).entryId === entryId);
  if (!row) throw new Error(`no confirmation mail for waiting-list entry ${entryId}`);
  const { text } = await s.services.outbox.render(row, { origin: 'https://wild.test' });
  const [, id, token] = /\/waitlist\/confirm\/([0-9a-f-]{36})#([A-Za-z0-9_-]+)/.exec(text) ?? [];
  const res = await fetch(`${s.url}/api/waitlist/${id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  if (res.status !== 200) throw new Error(`confirming ${entryId} answered ${res.status}: ${await res.text()}`);
  return res.json();
}
