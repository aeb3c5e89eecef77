import { seasonClock, startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { insertBooking, insertMessage } from '../test/rows';
import { BookingStatus } from '../booking/booking.types';
import { ADMIN_GLOBAL_SLOWDOWN, ADMIN_THROTTLE } from './admin-auth.service';

const PASSWORD = 'correct-horse-battery'; // startTestServer's ADMIN_PASSWORD
const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`, 'utf8').toString('base64')}`;
const RIGHT = basic(PASSWORD);
const WRONG = basic('not-the-password');

/** Every test client gets its own address (startTestServer trusts X-Forwarded-For from loopback), so throttling never leaks between tests. */
let clients = 0;
const newClient = () => {
  clients += 1;
  return { 'x-forwarded-for': `10.${Math.floor(clients / 250) % 250}.${clients % 250}.7` };
};

const BOOKING_KEYS = [
  'age',
  'amount_due_now',
  'amount_paid',
  'amount_refunded',
  'balance',
  'camera_body',
  'created_at',
  'customer_email',
  'customer_name',
  'customer_phone',
  'dietary_restrictions',
  'discount',
  'emergency_contact_email',
  'emergency_contact_name',
  'emergency_contact_phone',
  'experience_level',
  'fees',
  'health_concerns',
  'hold_expires_at',
  'id',
  'installments',
  'lenses',
  'num_participants',
  'num_spouses',
  'other_equipment',
  'payment_option',
  'payment_status',
  'promo_code',
  'reference',
  'room_type',
  'special_requests',
  'status',
  'total_amount',
  'trip_goals',
  'workshop_id',
  'workshop_name',
].sort();

describe.each(DB_KINDS)('admin API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  const rest = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${s.url}${path}`, {
      method,
      headers: { ...newClient(), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const gql = (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    s.gql(query, variables, { ...newClient(), ...headers });

  describe('the guard answers 401 / UNAUTHENTICATED without or with a wrong credential, and lets the admin in', () => {
    type RestOp = { name: string; call: (headers: Record<string, string>) => Promise<Response> };
    const restOps: RestOp[] = [
      { name: 'GET /api/admin/stats', call: (h) => rest('GET', '/api/admin/stats', h) },
      { name: 'GET /api/admin/bookings', call: (h) => rest('GET', '/api/admin/bookings', h) },
      { name: 'GET /api/admin/messages', call: (h) => rest('GET', '/api/admin/messages', h) },
      {
        name: 'DELETE /api/admin/messages/{id}',
        call: async (h) => rest('DELETE', `/api/admin/messages/${(await insertMessage(s.testDb.db)).id}`, h),
      },
      {
        name: 'PUT /api/admin/workshops/{id}/photo',
        call: (h) => rest('PUT', `/api/admin/workshops/grand-teton-autumn/photo?image_url=${encodeURIComponent('/images/workshops/grand-teton-autumn.svg')}`, h),
      },
    ];
    it.each(restOps)('$name', async ({ call }) => {
      const none = await call({});
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ detail: 'Admin authentication required', code: 'UNAUTHENTICATED' });
      const wrong = await call({ authorization: WRONG });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ detail: 'Invalid admin credential', code: 'UNAUTHENTICATED' });
      const notBasic = await call({ authorization: 'Bearer abc' });
      expect(notBasic.status).toBe(401);
      const right = await call({ authorization: RIGHT });
      expect(right.status).toBe(200);
    });

    type GqlOp = { name: string; call: (headers: Record<string, string>) => ReturnType<TestServer['gql']> };
    const gqlOps: GqlOp[] = [
      { name: 'adminStats', call: (h) => gql('{ adminStats { totalWorkshops } }', undefined, h) },
      { name: 'adminBookings', call: (h) => gql('{ adminBookings { id } }', undefined, h) },
      { name: 'adminMessages', call: (h) => gql('{ adminMessages { id } }', undefined, h) },
      {
        name: 'updateWorkshopPhoto',
        call: (h) =>
          gql(
            'mutation($input: UpdateWorkshopPhotoInput!) { updateWorkshopPhoto(input: $input) { workshop { id imageUrl } } }',
            { input: { workshopId: 'grand-teton-autumn', imageUrl: '/images/workshops/grand-teton-autumn.svg' } },
            h,
          ),
      },
      {
        name: 'deleteMessage',
        call: async (h) =>
          gql('mutation($input: DeleteMessageInput!) { deleteMessage(input: $input) { deletedMessageId } }', { input: { id: (await insertMessage(s.testDb.db)).id } }, h),
      },
    ];
    it.each(gqlOps)('GraphQL $name', async ({ name, call }) => {
      const none = await call({});
      expect(none.data ?? null).toBeNull();
      expect(none.errors?.[0]).toMatchObject({ message: 'Admin authentication required', extensions: { code: 'UNAUTHENTICATED' } });
      const wrong = await call({ authorization: WRONG });
      expect(wrong.errors?.[0]).toMatchObject({ message: 'Invalid admin credential', extensions: { code: 'UNAUTHENTICATED' } });
      const right = await call({ authorization: RIGHT });
      expect(right.errors).toBeUndefined();
      expect((right.data as Record<string, unknown> | undefined)?.[name]).toBeTruthy();
    });

    it('admin-only fields of a booking stay closed to the public over GraphQL', async () => {
      await insertBooking(s.testDb.db, { customerPhone: '+1 555 0199' });
      const res = await gql('{ adminBookings { customerPhone } }');
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('a wrong credential on a public query does not break it', async () => {
      const res = await gql('{ workshops { id } }', undefined, { authorization: WRONG });
      expect(res.errors).toBeUndefined();
      expect((res.data as { workshops: unknown[] }).workshops).toHaveLength(11);
    });
  });

  describe('login', () => {
    it('POST /api/admin/login: 200 success for the right password', async () => {
      const res = await rest('POST', '/api/admin/login', {}, { password: PASSWORD });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    });

    it('POST /api/admin/login: 401 {success: false, detail: "Invalid password"} for a wrong one', async () => {
      const res = await rest('POST', '/api/admin/login', {}, { password: 'correct-horse-battery ' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, detail: 'Invalid password' });
    });

    it('POST /api/admin/login: 422 naming password when it is missing, empty or not a string', async () => {
      for (const body of [{}, { password: '' }, { password: 42 }, '"just a string"']) {
        const res = await rest('POST', '/api/admin/login', {}, body);
        expect(res.status).toBe(422);
        const json = await res.json();
        expect(json.code).toBe('BAD_USER_INPUT');
        expect(json.errors.map((e: { field: string }) => e.field)).toContain('password');
      }
      const noBody = await rest('POST', '/api/admin/login');
      expect(noBody.status).toBe(422);
      expect((await noBody.json()).errors).toContainEqual({ field: 'password', message: 'password is required' });
    });

    it('GraphQL adminLogin: success, or UNAUTHENTICATED "Invalid password", or BAD_USER_INPUT when empty', async () => {
      const m = 'mutation($input: AdminLoginInput!) { adminLogin(input: $input) { success } }';
      expect(await gql(m, { input: { password: PASSWORD } })).toEqual({ data: { adminLogin: { success: true } } });
      const wrong = await gql(m, { input: { password: 'nope-nope-nope' } });
      expect(wrong.errors?.[0]).toMatchObject({ message: 'Invalid password', extensions: { code: 'UNAUTHENTICATED' } });
      const empty = await gql(m, { input: { password: '' } });
      expect(empty.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'password' }] } });
    });
  });

  describe('throttling', () => {
    it('after the free failures a client gets 429 with Retry-After, on login, Basic and GraphQL alike; other clients are unaffected', async () => {
      const attacker = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) {
        const res = await rest('POST', '/api/admin/login', attacker, { password: `guess-${i}` });
        expect(res.status).toBe(401);
      }
      const throttled = await rest('POST', '/api/admin/login', attacker, { password: PASSWORD });
      expect(throttled.status).toBe(429);
      const retryAfter = Number(throttled.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await throttled.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('Too many failed admin sign-in attempts') });

      const basicToo = await rest('GET', '/api/admin/stats', { ...attacker, authorization: RIGHT });
      expect(basicToo.status).toBe(429);
      expect(basicToo.headers.get('retry-after')).toMatch(/^\d+$/);
      const gqlToo = await gql('{ adminStats { totalWorkshops } }', undefined, { ...attacker, authorization: RIGHT });
      expect(gqlToo.errors?.[0].extensions?.code).toBe('RATE_LIMITED');

      const admin = await rest('GET', '/api/admin/stats', { authorization: RIGHT });
      expect(admin.status).toBe(200);
    });

    it('failed Basic checks count like failed logins', async () => {
      const client = { 'x-forwarded-for': '203.0.113.10' };
      for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) expect((await rest('GET', '/api/admin/bookings', { ...client, authorization: WRONG })).status).toBe(401);
      expect((await rest('POST', '/api/admin/login', client, { password: PASSWORD })).status).toBe(429);
    });

    it('the real admin is not locked out for long: once Retry-After has passed, the right password works and clears the count', async () => {
      let now = Date.now();
      // An app of its own whose clock the test moves (adapters hold their services from the start).
      const timed = await startTestServer(kind, {}, undefined, { clock: () => new Date(now) });
      const office = { 'x-forwarded-for': '198.51.100.4' };
      const login = (password: string) =>
        fetch(`${timed.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...office }, body: JSON.stringify({ password }) });
      try {
        let last: Response | undefined;
        for (let i = 0; i < 12; i++) {
          last = await login('typo-typo-typo');
          now += 500;
        }
        expect(last!.status).toBe(429);
        const wait = Number(last!.headers.get('retry-after'));
        expect(wait).toBeLessThanOrEqual(60);
        now += wait * 1000;
        const ok = await login(PASSWORD);
        expect(ok.status).toBe(200);
        // Cleared: a typo now is a plain 401 again.
        expect((await login('typo-typo-typo')).status).toBe(401);
      } finally {
        await timed.close();
      }
    });
  });

  describe('finding 6: forwarded addresses, known devices, the global slow-down', () => {
    const deviceCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('admin_device='));
    const cookieHeader = (setCookie: string) => setCookie.split(';')[0];

    it('without TRUST_PROXY, X-Forwarded-For is not believed: rotating it gives no fresh free guesses', async () => {
      const direct = await startTestServer(kind, { TRUST_PROXY: '' });
      try {
        let ip = 0;
        const statuses: number[] = [];
        for (let i = 0; i <= ADMIN_THROTTLE.freeFailures; i++) {
          const res = await fetch(`${direct.url}/api/admin/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++ip}` },
            body: JSON.stringify({ password: `guess-${i}` }),
          });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, ADMIN_THROTTLE.freeFailures).every((st) => st === 401)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await direct.close();
      }
    });

    it('a successful login (REST or GraphQL) sets an HttpOnly, SameSite=Strict known-device cookie for the whole site', async () => {
      const restLogin = await rest('POST', '/api/admin/login', {}, { password: PASSWORD });
      const gqlRes = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...newClient() },
        body: JSON.stringify({ query: 'mutation($input: AdminLoginInput!) { adminLogin(input: $input) { success } }', variables: { input: { password: PASSWORD } } }),
      });
      expect(await gqlRes.json()).toEqual({ data: { adminLogin: { success: true } } });
      for (const res of [restLogin, gqlRes]) {
        const cookie = deviceCookieOf(res)!;
        expect(cookie).toMatch(/^admin_device=[\w-]{24}\.[\w-]{43};/);
        expect(cookie).toMatch(/; HttpOnly/i);
        expect(cookie).toMatch(/; SameSite=Strict/i);
        expect(cookie).toMatch(/; Path=\//);
        expect(cookie).toMatch(/; Max-Age=\d{7,}/);
        expect(cookie).not.toMatch(/; Secure/i); // served over http here
      }
      // A wrong password sets none.
      expect(deviceCookieOf(await rest('POST', '/api/admin/login', {}, { password: 'wrong-password' }))).toBeUndefined();
    });

    it('the admin with a known-device cookie gets through while someone on the same IP has it throttled (REST, Basic and GraphQL)', async () => {
      // A server of its own, so that these failures do not add up with other tests' towards the site-wide slow-down.
      const own = await startTestServer(kind);
      const shared = { 'x-forwarded-for': '192.0.2.44' };
      const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
        fetch(`${own.url}${path}`, { method, headers: { ...shared, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
      try {
        const device = { cookie: cookieHeader(deviceCookieOf(await call('POST', '/api/admin/login', {}, { password: PASSWORD }))!) };
        for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) expect((await call('POST', '/api/admin/login', {}, { password: `guess-${i}` })).status).toBe(401);
        expect((await call('POST', '/api/admin/login', {}, { password: PASSWORD })).status).toBe(429);

        expect((await call('POST', '/api/admin/login', device, { password: PASSWORD })).status).toBe(200);
        const stats = await call('GET', '/api/admin/stats', { ...device, authorization: RIGHT });
        expect(stats.status).toBe(200);
        expect(deviceCookieOf(stats)).toBeUndefined(); // already carried: not sent again
        const viaGql = await own.gql('{ adminStats { totalWorkshops } }', undefined, { ...shared, ...device, authorization: RIGHT });
        expect(viaGql.data?.adminStats).toBeDefined();
        // The attacker on that IP is still throttled, and a forged cookie does not help.
        expect((await call('GET', '/api/admin/stats', { authorization: RIGHT, cookie: 'admin_device=AAAAAAAAAAAAAAAAAAAAAAAA.' + 'B'.repeat(43) })).status).toBe(429);
      } finally {
        await own.close();
      }
    });

    it('a dashboard that signed in before gets its cookie at its next admin call', async () => {
      const res = await rest('GET', '/api/admin/stats', { authorization: RIGHT });
      expect(res.status).toBe(200);
      expect(deviceCookieOf(res)).toMatch(/^admin_device=/);
    });

    it('guesses from rotating IPs are slowed to one per interval across the site; the known device is not', async () => {
      // A server of its own: the slow-down is site-wide. Its clock stands still, so how long the
      // burst of scrypt checks takes on a loaded machine cannot open the next interval.
      const frozen = seasonClock();
      const own = await startTestServer(kind, {}, undefined, { clock: () => frozen });
      let ip = 0;
      const login = (password: string, headers: Record<string, string> = {}) =>
        fetch(`${own.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${Math.floor(++ip / 250)}.${ip % 250}`, ...headers },
          body: JSON.stringify({ password }),
        });
      try {
        const device = { cookie: cookieHeader(deviceCookieOf(await login(PASSWORD))!) };
        // Each from a new address: no per-client throttle ever applies. In small batches (each failure costs a scrypt).
        for (let i = 0; i < ADMIN_GLOBAL_SLOWDOWN.failures; i += 5) {
          const batch = await Promise.all(Array.from({ length: 5 }, (_, j) => login(`guess-${i + j}`)));
          expect(batch.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
        }
        const statuses = (await Promise.all(Array.from({ length: 10 }, (_, i) => login(`more-${i}`)))).map((r) => r.status);
        // At most one check per interval (two when the burst straddles one): the rest are told to wait.
        expect(statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(2);
        const refused = await login(PASSWORD);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(ADMIN_GLOBAL_SLOWDOWN.intervalMs / 1000);
        expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('on this site') });
        // GraphQL is slowed alike.
        const viaGql = await own.gql('{ adminStats { totalWorkshops } }', undefined, { 'x-forwarded-for': '198.18.200.1', authorization: RIGHT });
        expect(viaGql.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
        // The admin's browser is not.
        expect((await login(PASSWORD, device)).status).toBe(200);
        const gqlDevice = await own.gql('{ adminStats { totalWorkshops } }', undefined, { 'x-forwarded-for': '198.18.200.2', authorization: RIGHT, ...device });
        expect(gqlDevice.data?.adminStats).toBeDefined();
      } finally {
        await own.close();
      }
    });
  });

  describe('cross-site requests', () => {
    const photo = (id = 'everglades-wading-birds', url = '/images/cross-site.jpg') => `/api/admin/workshops/${id}/photo?image_url=${encodeURIComponent(url)}`;

    it('admin writes from another origin are refused with 403 and change nothing', async () => {
      const before = await (await rest('GET', '/api/workshops/everglades-wading-birds')).json();
      const forged: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
      for (const headers of forged) {
        const res = await rest('PUT', photo(), { ...headers, authorization: RIGHT });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', detail: 'Cross-site admin requests are refused' });
      }
      const m = await insertMessage(s.testDb.db);
      expect((await rest('DELETE', `/api/admin/messages/${m.id}`, { origin: 'https://evil.example', authorization: RIGHT })).status).toBe(403);
      expect((await rest('POST', '/api/admin/login', { 'sec-fetch-site': 'cross-site' }, { password: PASSWORD })).status).toBe(403);
      const after = await (await rest('GET', '/api/workshops/everglades-wading-birds')).json();
      expect(after.image_url).toBe(before.image_url);
      expect((await rest('GET', '/api/admin/messages', { authorization: RIGHT }).then((r) => r.json())).some((x: { id: string }) => x.id === m.id)).toBe(true);
    });

    it('the same writes from our own pages (or from a non-browser client) go through', async () => {
      const own = await rest('PUT', photo(), { origin: s.url, 'sec-fetch-site': 'same-origin', authorization: RIGHT });
      expect(own.status).toBe(200);
      const cli = await rest('PUT', photo(), { authorization: RIGHT });
      expect(cli.status).toBe(200);
      const login = await rest('POST', '/api/admin/login', { origin: s.url }, { password: PASSWORD });
      expect(login.status).toBe(200);
    });

    it('GraphQL refuses requests a browser could send cross-site without a preflight (Apollo CSRF prevention)', async () => {
      const res = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', authorization: RIGHT, ...newClient() },
        body: JSON.stringify({ query: 'mutation { deleteMessage(input: { id: "x" }) { deletedMessageId } }' }),
      });
      expect(res.status).toBe(400);
    });
  });

  describe('workshop photos', () => {
    const put = (id: string, query: string) => rest('PUT', `/api/admin/workshops/${id}/photo${query}`, { authorization: RIGHT });
    const q = (url: string) => `?image_url=${encodeURIComponent(url)}`;

    it('accepts an http(s) URL or a site path and the public workshop shows it', async () => {
      for (const url of ['https://images.example.com/zion/canyon.jpg?w=1600', 'http://cdn.example.org/a.png', '/images/workshops/zion-new.jpg']) {
        const res = await put('zion-canyon-light', q(url));
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ id: 'zion-canyon-light', image_url: url });
        expect(await (await rest('GET', '/api/workshops/zion-canyon-light')).json()).toMatchObject({ image_url: url });
      }
      const gqlRes = await gql('{ workshop(id: "zion-canyon-light") { imageUrl } }');
      expect(gqlRes.data).toEqual({ workshop: { imageUrl: '/images/workshops/zion-new.jpg' } });
    });

    it.each([
      ['javascript:', 'javascript:alert(document.cookie)'],
      ['data:', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
      ['protocol-relative', '//evil.example/x.jpg'],
      ['backslash path', '/\\evil.example/x.jpg'],
      ['ftp', 'ftp://files.example.com/x.jpg'],
      ['relative path', 'images/x.jpg'],
      ['no host', 'https://'],
      ['credentials in URL', 'https://user:pass@images.example.com/x.jpg'],
      ['leading space', ' https://images.example.com/x.jpg'],
      ['too long', `https://images.example.com/${'a'.repeat(2000)}.jpg`],
      ['empty', ''],
    ])('refuses %s with a 422 naming image_url', async (_label, url) => {
      const res = await put('zion-canyon-light', q(url));
      expect(res.status).toBe(422);
      const json = await res.json();
      expect(json.code).toBe('BAD_USER_INPUT');
      expect(json.errors.map((e: { field: string }) => e.field)).toContain('image_url');
      expect(json.detail).toContain('image_url');
    });

    it('refuses a missing image_url with 422, an unknown workshop with 404', async () => {
      const missing = await put('zion-canyon-light', '');
      expect(missing.status).toBe(422);
      expect(JSON.stringify(await missing.json())).toContain('image_url');
      const unknown = await put('no-such-workshop', q('/images/x.jpg'));
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ detail: 'Workshop not found' });
    });

    it('GraphQL updateWorkshopPhoto validates the same way', async () => {
      const m = 'mutation($input: UpdateWorkshopPhotoInput!) { updateWorkshopPhoto(input: $input) { workshop { id imageUrl } } }';
      const bad = await gql(m, { input: { workshopId: 'zion-canyon-light', imageUrl: 'javascript:alert(1)' } }, { authorization: RIGHT });
      expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'imageUrl' }] } });
      const unknown = await gql(m, { input: { workshopId: 'nope', imageUrl: '/x.jpg' } }, { authorization: RIGHT });
      expect(unknown.errors?.[0]).toMatchObject({ message: 'Workshop not found', extensions: { code: 'NOT_FOUND' } });
      const ok = await gql(m, { input: { workshopId: 'nyc-portrait-posing', imageUrl: 'https://images.example.com/nyc.jpg' } }, { authorization: RIGHT });
      expect(ok).toEqual({ data: { updateWorkshopPhoto: { workshop: { id: 'nyc-portrait-posing', imageUrl: 'https://images.example.com/nyc.jpg' } } } });
    });
  });

  describe('dashboard data', () => {
    it('stats match the bookings and messages inserted (REST and GraphQL)', async () => {
      const read = async () => (await rest('GET', '/api/admin/stats', { authorization: RIGHT })).json();
      const before = await read();
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['total_workshops', 'total_bookings', 'total_revenue', 'total_messages']));
      expect(before.total_workshops).toBe(11);

      const w = 'canyonlands-arches-backcountry';
      await insertBooking(s.testDb.db, { workshopId: w, numParticipants: 2, status: BookingStatus.confirmed, amountPaidCents: 123_456, paymentStatus: 'deposit_paid' });
      await insertBooking(s.testDb.db, { workshopId: w, numParticipants: 4, status: BookingStatus.confirmed, amountPaidCents: 1_000_000, paymentStatus: 'paid' });
      await insertBooking(s.testDb.db, { workshopId: w, numParticipants: 1, status: BookingStatus.held, amountPaidCents: 0, paymentStatus: 'pending', holdExpiresAt: new Date(seasonClock().getTime() + 3_600_000) });
      await insertBooking(s.testDb.db, { workshopId: w, numParticipants: 3, status: BookingStatus.expired, amountPaidCents: 0, paymentStatus: 'pending' });
      await insertMessage(s.testDb.db, { workshopId: w });
      await insertMessage(s.testDb.db, { workshopId: w });

      const after = await read();
      expect(after.total_workshops).toBe(11);
      expect(after.total_bookings - before.total_bookings).toBe(3);
      expect(Math.round((after.total_revenue - before.total_revenue) * 100)).toBe(1_123_456);
      expect(after.total_messages - before.total_messages).toBe(2);
      expect(after.workshops.find((x: { id: string }) => x.id === w)).toEqual({
        id: w,
        name: expect.any(String),
        start_date: expect.stringMatching(/^2026-/),
        capacity: 12,
        minimum_participants: 6,
        spots_sold: 6,
        spots_held: 1,
        reached_minimum: true,
        bookings: 3,
        revenue: 11_234.56,
      });

      const g = await gql(
        '{ adminStats { totalWorkshops totalBookings totalRevenue totalMessages workshops { id spotsSold spotsHeld capacity reachedMinimum } } }',
        undefined,
        { authorization: RIGHT },
      );
      expect(g.errors).toBeUndefined();
      const stats = (g.data as { adminStats: Record<string, unknown> & { workshops: Array<{ id: string }> } }).adminStats;
      expect(stats).toMatchObject({
        totalWorkshops: after.total_workshops,
        totalBookings: after.total_bookings,
        totalRevenue: after.total_revenue,
        totalMessages: after.total_messages,
      });
      expect(stats.workshops.find((x) => x.id === w)).toEqual({ id: w, spotsSold: 6, spotsHeld: 1, capacity: 12, reachedMinimum: true });
    });

    it('GET /api/admin/bookings: every booking, newest first, with every participant field', async () => {
      const b = await insertBooking(s.testDb.db, {
        customerName: 'Newest Booker',
        createdAt: new Date('2030-01-01T00:00:00.000Z'),
        healthConcerns: 'Asthma',
        dietaryRestrictions: 'Vegetarian',
        specialRequests: 'Window seat',
        otherEquipment: 'Drone',
        numSpouses: 1,
      });
      const res = await rest('GET', '/api/admin/bookings', { authorization: RIGHT });
      const list = (await res.json()) as Array<Record<string, unknown>>;
      expect(list[0]).toMatchObject({
        id: b.id,
        workshop_id: 'zion-canyon-light',
        workshop_name: 'Zion Canyon Light & Slot Canyons',
        customer_name: 'Newest Booker',
        customer_email: 'ada@example.com',
        customer_phone: '+1 555 0100',
        num_participants: 1,
        room_type: 'shared',
        num_spouses: 1,
        payment_option: 'deposit',
        special_requests: 'Window seat',
        age: 36,
        experience_level: 'intermediate',
        camera_body: 'Nikon Z6',
        lenses: '24-70mm f/4',
        other_equipment: 'Drone',
        health_concerns: 'Asthma',
        dietary_restrictions: 'Vegetarian',
        trip_goals: 'Better light',
        emergency_contact_name: 'Charles Babbage',
        emergency_contact_phone: '+1 555 0101',
        emergency_contact_email: 'charles@example.com',
        total_amount: 2895,
        amount_paid: 868.5,
        payment_status: 'deposit_paid',
        status: 'confirmed',
        created_at: '2030-01-01T00:00:00.000Z',
      });
      for (const row of list) expect(Object.keys(row).sort()).toEqual(BOOKING_KEYS);
      const created = list.map((r) => String(r.created_at));
      expect([...created].sort().reverse()).toEqual(created);

      const g = await gql('{ adminBookings { id customerPhone healthConcerns dietaryRestrictions emergencyContactName age amountPaid } }', undefined, { authorization: RIGHT });
      expect((g.data as { adminBookings: unknown[] }).adminBookings[0]).toEqual({
        id: b.id,
        customerPhone: '+1 555 0100',
        healthConcerns: 'Asthma',
        dietaryRestrictions: 'Vegetarian',
        emergencyContactName: 'Charles Babbage',
        age: 36,
        amountPaid: 868.5,
      });
    });

    it('GET /api/admin/messages: newest first with workshop_name and author_email; DELETE removes one', async () => {
      const m = await insertMessage(s.testDb.db, { workshopId: 'alaska-bears-glaciers', message: 'Bear spray?', createdAt: new Date('2030-02-01T00:00:00.000Z') });
      const list = (await (await rest('GET', '/api/admin/messages', { authorization: RIGHT })).json()) as Array<Record<string, unknown>>;
      expect(list[0]).toEqual({
        id: m.id,
        workshop_id: 'alaska-bears-glaciers',
        workshop_name: 'Alaska Brown Bears & Glaciers',
        author_name: 'Grace Hopper',
        author_email: 'grace@example.com',
        message: 'Bear spray?',
        topic: 'ride_sharing',
        created_at: '2030-02-01T00:00:00.000Z',
      });
      const g = await gql('{ adminMessages { id workshopName authorEmail } }', undefined, { authorization: RIGHT });
      expect((g.data as { adminMessages: unknown[] }).adminMessages[0]).toEqual({ id: m.id, workshopName: 'Alaska Brown Bears & Glaciers', authorEmail: 'grace@example.com' });

      const del = await rest('DELETE', `/api/admin/messages/${m.id}`, { authorization: RIGHT });
      expect(del.status).toBe(200);
      expect(await del.json()).toEqual({ success: true, id: m.id });
      const again = await rest('DELETE', `/api/admin/messages/${m.id}`, { authorization: RIGHT });
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ detail: 'Message not found' });
    });
  });
});
