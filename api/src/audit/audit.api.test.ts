import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { insertBooking, insertMessage } from '../test/rows';
import { AuditEvent } from './audit-event.entity';

const PASSWORD = 'correct-horse-battery';
const RIGHT = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const START = new Date('2026-03-02T15:00:00.000Z');

describe.each(DB_KINDS)('audit log on %s', (kind) => {
  let s: TestServer;
  // Every request moves the clock one minute: entries get distinct, known times.
  let now = START.getTime();
  const tick = () => new Date((now += 60_000));

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock: () => new Date(now) });
  });
  afterAll(() => s?.close());

  const rows = () => s.services.db.manager.find(AuditEvent, { order: { id: 'ASC' } });
  /** Runs `action` and returns the audit rows it added. */
  const added = async (action: () => Promise<unknown>): Promise<AuditEvent[]> => {
    const before = (await rows()).length;
    tick();
    await action();
    return (await rows()).slice(before);
  };
  const admin = (method: string, path: string, body?: unknown, auth = RIGHT) =>
    fetch(`${s.url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: auth },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = (text: string | null) => (text === null ? null : JSON.parse(text));

  describe('each admin action leaves exactly one row, in its transaction', () => {
    it('sign-in: success and failure, never the password', async () => {
      const ok = await added(() => fetch(`${s.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) }));
      expect(ok).toEqual([expect.objectContaining({ action: 'admin.login_succeeded', actorType: 'admin', actor: 'admin', bookingId: null, workshopId: null, at: new Date(now) })]);

      const wrong = await added(() => fetch(`${s.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'guess-Tr0ub4dor' }) }));
      expect(wrong).toEqual([expect.objectContaining({ action: 'admin.login_failed', actorType: 'admin' })]);
      expect(JSON.stringify(await rows())).not.toMatch(/guess-Tr0ub4dor|correct-horse/);

      const viaGraphql = await added(() => s.gql(`mutation($i: AdminLoginInput!) { adminLogin(input: $i) { success } }`, { i: { password: PASSWORD } }));
      expect(viaGraphql.map((r) => r.action)).toEqual(['admin.login_succeeded']);
    });

    it('workshop photo: before and after address', async () => {
      const url = '/images/workshops/grand-teton-autumn.svg';
      const [row, ...more] = await added(() => admin('PUT', `/admin/workshops/zion-canyon-light/photo?image_url=${encodeURIComponent(url)}`));
      expect(more).toEqual([]);
      expect(row).toMatchObject({ action: 'workshop.photo_changed', workshopId: 'zion-canyon-light', actorType: 'admin' });
      expect(json(row.before)).toEqual({ imageUrl: '/images/workshops/zion-canyon-light.svg' });
      expect(json(row.after)).toEqual({ imageUrl: url });
    });

    it('payment recorded: amounts in cents before and after; a refused amount leaves no row', async () => {
      const b = await insertBooking(s.services.db, { workshopId: 'grand-teton-autumn', status: 'held', paymentStatus: 'pending', amountPaidCents: 0, totalCents: 289_500, dueNowCents: 86_850 });
      const [row, ...more] = await added(() => admin('POST', `/admin/bookings/${b.id}/payments`, { amount: 868.5 }));
      expect(more).toEqual([]);
      expect(row).toMatchObject({ action: 'booking.payment_recorded', bookingId: b.id, workshopId: 'grand-teton-autumn', detail: expect.stringContaining('$868.50') });
      expect(json(row.before)).toEqual({ status: 'held', paymentStatus: 'pending', amountPaidCents: 0, totalCents: 289_500 });
      expect(json(row.after)).toEqual({ status: 'confirmed', paymentStatus: 'deposit_paid', amountPaidCents: 86_850, totalCents: 289_500 });

      expect(await added(async () => expect((await admin('POST', `/admin/bookings/${b.id}/payments`, { amount: 999_999 })).status).toBe(422))).toEqual([]);
    });

    it('booking cancelled (GraphQL too); a refused second cancel leaves no row', async () => {
      const b = await insertBooking(s.services.db, { workshopId: 'grand-teton-autumn', status: 'confirmed', paymentStatus: 'deposit_paid', amountPaidCents: 10_000, totalCents: 289_500 });
      const [row, ...more] = await added(() =>
        s.gql(`mutation($i: CancelBookingInput!) { cancelBooking(input: $i) { booking { status } } }`, { i: { bookingId: b.id } }, { authorization: RIGHT }),
      );
      expect(more).toEqual([]);
      expect(row).toMatchObject({ action: 'booking.cancelled', bookingId: b.id, actor: 'admin' });
      expect(json(row.before)).toMatchObject({ status: 'confirmed', paymentStatus: 'deposit_paid' });
      expect(json(row.after)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountPaidCents: 10_000, amountRefundedCents: 10_000 });

      expect(await added(async () => expect((await admin('POST', `/admin/bookings/${b.id}/cancel`)).status).toBe(409))).toEqual([]);
    });

    it('message deleted: the message as it was; an unknown message leaves no row', async () => {
      const m = await insertMessage(s.services.db, { workshopId: 'zion-canyon-light', authorName: 'Troll', message: 'buy cheap lenses' });
      const [row, ...more] = await added(() => admin('DELETE', `/admin/messages/${m.id}`));
      expect(more).toEqual([]);
      expect(row).toMatchObject({ action: 'message.deleted', workshopId: 'zion-canyon-light', after: null });
      expect(json(row.before)).toMatchObject({ id: m.id, authorName: 'Troll', message: 'buy cheap lenses' });

      expect(await added(async () => expect((await admin('DELETE', `/admin/messages/${m.id}`)).status).toBe(404))).toEqual([]);
    });

    it('a change whose transaction fails after the entry was written leaves no entry', async () => {
      const count = (await rows()).length;
      await expect(
        s.services.db.transaction(async (m) => {
          await s.services.audit.record(m, { actorType: 'system', actor: 'system', action: 'credit.issued', detail: 'rolled back' });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await rows()).toHaveLength(count);
    });
  });

  describe('search and export', () => {
    it('filters by action, booking, text and date range, newest first, paged by cursor', async () => {
      const all = await s.services.audit.search({ limit: 200 });
      expect(all.entries.length).toBeGreaterThanOrEqual(7);
      const times = all.entries.map((e) => e.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const res = await admin('GET', '/admin/activity?action=booking.cancelled');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.entries.map((e: { action: string }) => e.action)).toEqual(['booking.cancelled']);
      expect(body.entries[0]).toMatchObject({ actor_type: 'admin', actor: 'admin', after: { status: 'cancelled' } });
      expect(body).toMatchObject({ has_more: false, next_cursor: null });

      const bookingId = body.entries[0].booking_id as string;
      const history = await (await admin('GET', `/admin/activity?booking_id=${bookingId}`)).json();
      expect(history.entries.map((e: { action: string }) => e.action)).toEqual(['booking.cancelled']);

      // Text: words anywhere in the entry, case-insensitive; % and _ are literal.
      const troll = await (await admin('GET', `/admin/activity?text=${encodeURIComponent('TROLL cheap')}`)).json();
      expect(troll.entries.map((e: { action: string }) => e.action)).toEqual(['message.deleted']);
      expect((await (await admin('GET', '/admin/activity?text=%25')).json()).entries).toEqual([]);

      // Date range: [from, to) around the first sign-in only.
      const first = new Date(START.getTime() + 60_000);
      const range = await (await admin('GET', `/admin/activity?from=${first.toISOString()}&to=${new Date(first.getTime() + 1).toISOString()}`)).json();
      expect(range.entries.map((e: { action: string }) => e.action)).toEqual(['admin.login_succeeded']);

      // Pages of 2 cover everything once, in order.
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { entries: Array<{ id: number }>; next_cursor: string | null } = await (await admin('GET', `/admin/activity?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
        seen.push(...page.entries.map((e) => e.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual(all.entries.map((e) => e.id));

      const gql = await s.gql<{ adminActivity: { entries: Array<{ action: string; before: string | null }>; hasMore: boolean } }>(
        `query { adminActivity(action: "workshop.photo_changed", limit: 1) { entries { action before } hasMore nextCursor } }`,
        {},
        { authorization: RIGHT },
      );
      expect(gql.data!.adminActivity.entries).toEqual([{ action: 'workshop.photo_changed', before: JSON.stringify({ imageUrl: '/images/workshops/zion-canyon-light.svg' }) }]);
    });

    it('refuses bad filters naming the parameter', async () => {
      for (const [query, field] of [
        ['action=booking.exploded', 'action'],
        ['from=yesterday', 'from'],
        ['limit=0', 'limit'],
        ['limit=500', 'limit'],
        ['cursor=nonsense', 'cursor'],
      ]) {
        const res = await admin('GET', `/admin/activity?${query}`);
        expect(res.status).toBe(422);
        expect((await res.json()).errors[0].field).toBe(field);
      }
    });

    it('exports the same filters as CSV that parses back', async () => {
      const res = await admin('GET', '/admin/activity.csv?text=admin');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-2026-03-02\.csv"$/);
      const records: Array<Record<string, string>> = parse(await res.text(), { columns: true, bom: true });
      const page = await s.services.audit.search({ text: 'admin', limit: 200 });
      expect(records.map((r) => Number(r.id))).toEqual(page.entries.map((e) => e.id));
      const cancelled = records.find((r) => r.action === 'booking.cancelled')!;
      expect(cancelled).toMatchObject({ actor_type: 'admin', actor: 'admin', at: expect.stringMatching(/^2026-03-02T/) });
      expect(JSON.parse(cancelled.after)).toMatchObject({ status: 'cancelled' });

      const none: unknown[] = parse(await (await admin('GET', '/admin/activity.csv?action=credit.used')).text(), { columns: true, bom: true });
      expect(none).toEqual([]);
    });

    it('defuses cells a spreadsheet would run as formulas', async () => {
      await s.services.audit.recordAlone({ actorType: 'customer', actor: '=HYPERLINK("http://evil")', action: 'credit.used', detail: '+1 555' });
      const records: Array<Record<string, string>> = parse(await (await admin('GET', '/admin/activity.csv?action=credit.used')).text(), { columns: true, bom: true });
      expect(records[0]).toMatchObject({ actor: `'=HYPERLINK("http://evil")`, detail: "'+1 555" });
    });

    it('is for the admin only: 401 over REST, UNAUTHENTICATED over GraphQL', async () => {
      for (const path of ['/admin/activity', '/admin/activity.csv']) {
        expect((await fetch(`${s.url}/api${path}`)).status).toBe(401);
        expect((await admin('GET', path, undefined, `Basic ${Buffer.from('admin:wrong-password').toString('base64')}`)).status).toBe(401);
      }
      const anonymous = await s.gql(`query { adminActivity { entries { id } } }`);
      expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
