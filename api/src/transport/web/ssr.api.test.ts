import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { floodCatalogQueries, startTestServer, type TestServer } from '../../test/app';
import { aBookingBody } from '../../test/builders';
import { ReviewStatus, Testimonial } from '../../testimonial/testimonial.entity';

const root = path.resolve(__dirname, '../../../..');

/** The first HTML of a page: status, headers, text. */
async function page(s: TestServer, p: string) {
  const res = await fetch(`${s.url}${p}`);
  return { res, html: await res.text() };
}

const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
const stateOf = (html: string) => {
  const m = /<script type="application\/json" id="__APOLLO_STATE__">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]) as Record<string, Record<string, unknown>>) : null;
};
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(headOf(html))?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(headOf(html))?.[1];

/** A raw request (fetch decodes bodies and cannot show Content-Encoding as sent). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    // A raw path (no URL normalisation), so tests can send `..` segments as a client could.
    const rawPath = url.slice(u.origin.length);
    http
      .get({ host: u.hostname, port: u.port, path: rawPath, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

// Server rendering needs the built web app (browser bundle, server renderer, images): build it when missing or stale.
beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'api/scripts/ensure-built.mjs'), 'web'], { cwd: root, stdio: 'inherit' });
}, 600_000);

describe('server rendering of the public routes (SQLite)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s?.close());

  it.each([
    ['/', 'Wild Light Workshops', 'Photograph America’s wildest light', 'Organization'],
    ['/workshops', '2026 Photography Workshops | Wild Light Workshops', 'Zion Canyon Light &amp; Slot Canyons', 'ItemList'],
    ['/workshop/zion-canyon-light', 'Zion Canyon Light &amp; Slot Canyons | Wild Light Workshops', 'About this workshop', 'Event'],
    // The seed's samples only (outside production): no rating is published for them (decision 090).
    ['/testimonials', 'Reviews | Wild Light Workshops', 'In their own words', null],
    ['/faq', 'Frequently Asked Questions | Wild Light Workshops', 'What is included in the workshop price?', 'FAQPage'],
  ])('%s: the first HTML holds the content, title, description, JSON-LD and the cache state', async (p, title, content, ldType) => {
    const { res, html } = await page(s, p);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.slice(html.indexOf('<div id="root">'))).toContain(content);
    expect(titleOf(html)).toBe(title);
    expect(headOf(html).match(/<title>/g)).toHaveLength(1); // the shell's fallback is gone
    expect(descriptionOf(html)!.length).toBeGreaterThan(40);
    // Absolute links are on the configured origin (PUBLIC_ORIGIN; here unset: http://localhost:PORT), not the address asked.
    expect(headOf(html)).toContain(`<meta property="og:url" content="${s.services.config.publicOrigin}/`);
    const ld = jsonLdOf(headOf(html));
    if (ldType) expect(ld.map((d) => d['@type'])).toContain(ldType);
    else expect(ld.filter((d) => d.aggregateRating)).toEqual([]);
    expect(stateOf(html)).not.toBeNull();
    // The first-load styles are inline: nothing blocks the first paint.
    expect(headOf(html)).toContain('<style>');
    expect(headOf(html)).not.toMatch(/<link rel="stylesheet"/);
  });

  it('embeds the data the page showed, for the browser cache (no second request)', async () => {
    const state = stateOf((await page(s, '/workshop/alaska-bears-glaciers')).html)!;
    expect(state['Workshop:{"id":"alaska-bears-glaciers"}']).toMatchObject({ name: 'Alaska Brown Bears & Glaciers', availableSpots: 12 });
    expect(Object.keys(state.ROOT_QUERY)).toContain('workshop({"id":"alaska-bears-glaciers"})');
    const home = stateOf((await page(s, '/')).html)!;
    expect(Object.keys(home.ROOT_QUERY)).toEqual(expect.arrayContaining(['workshops', 'testimonials']));
  });

  it('escapes the embedded state so no text can close its script element', async () => {
    const name = 'Bad </script><script>alert(1)</script> name';
    await s.services.db.manager.query(`UPDATE testimonials SET client_name = ? WHERE id = (SELECT id FROM testimonials LIMIT 1)`, [name]);
    s.services.workshops.catalog.invalidate(); // the test wrote behind the services' back
    const { html } = await page(s, '/testimonials');
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(stateOf(html))).toContain(name);
  });

  it('preloads the hero with high priority and gives pictures explicit sizes', async () => {
    const { html } = await page(s, '/');
    expect(headOf(html)).toMatch(/<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="\/images\/r\/hero-/);
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs.length).toBeGreaterThan(1);
    for (const img of imgs) expect(img).toMatch(/width="\d+" height="\d+"/);
    expect(imgs.filter((i) => i.includes('loading="lazy"')).length).toBeGreaterThan(0);
    expect(html).toContain('<source type="image/avif"');
  });

  it('names the route module of a page it rendered for the browser to fetch after load, preloading no script from the head', async () => {
    const { html } = await page(s, '/workshop/zion-canyon-light');
    const modules = JSON.parse(/<script type="application\/json" id="__PAGE_MODULES__">([^<]*)<\/script>/.exec(html)![1]) as string[];
    expect(modules.some((m) => /^\/assets\/WorkshopPage-[\w-]+\.js$/.test(m))).toBe(true);
    // The framework and the app's own chunks come with the app (start.tsx): not listed twice.
    expect(modules.filter((m) => /\/(framework|app|start)-/.test(m))).toEqual([]);
    // Nothing but the small entry script (and its boot chunk) competes with the first paint and the hero image.
    const preloaded = [...headOf(html).matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.filter((f) => !/^\/assets\/boot-[\w-]+\.js$/.test(f))).toEqual([]);
    expect([...headOf(html).matchAll(/<script [^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/)]);
  });

  it("an unknown workshop: 404 with 'Workshop not found'", async () => {
    const { res, html } = await page(s, '/workshop/no-such-workshop');
    expect(res.status).toBe(404);
    expect(html).toContain('Workshop not found');
    expect(titleOf(html)).toBe('Workshop not found | Wild Light Workshops');
  });

  it('an unknown path: 404 page', async () => {
    const { res, html } = await page(s, '/no/such/page');
    expect(res.status).toBe(404);
    expect(html).toContain('Page not found');
  });

  it('personal and admin routes get the app shell, and deep links keep working', async () => {
    for (const p of ['/admin', '/admin/dashboard', '/confirmation/abc', '/payment-success?session_id=x']) {
      const { res, html } = await page(s, p);
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root"><!--app-html--></div>');
      expect(html).toContain('data-fallback');
      expect(stateOf(html)).toBeNull();
    }
  });

  it('/booking/{id}: the first HTML holds the form and the summary; an unknown workshop answers 404', async () => {
    const { res, html } = await page(s, '/booking/zion-canyon-light');
    expect(res.status).toBe(200);
    expect(titleOf(html)).toBe('Book Zion Canyon Light &amp; Slot Canyons | Wild Light Workshops');
    expect(html).toContain('Continue to payment');
    expect(html).toMatch(/data-testid="booking-total">\$2,895</);
    expect((await page(s, '/booking/atlantis')).res.status).toBe(404);
  });

  it("a page's own stylesheet is inlined in its first HTML (no layout shift when its chunk arrives); other pages do not carry it", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { css?: string[] }>;
    const [bookingCss] = manifest['src/booking/BookingPage.tsx'].css ?? [];
    expect(bookingCss).toMatch(/^assets\/booking-.+\.css$/);
    const { html } = await page(s, '/booking/zion-canyon-light');
    const inlined = new RegExp(`<style data-page-style="${bookingCss}">([^<]+)</style>`).exec(html);
    expect(inlined?.[1]).toBe(fs.readFileSync(path.join(root, 'web/dist', bookingCss), 'utf8'));
    // in the head, after the first-load styles it builds on
    expect(html.indexOf(inlined![0])).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf(inlined![0]));
    expect((await page(s, '/faq')).html).not.toContain(bookingCss);
  });

  it('/workshop/{id}/community: the first HTML holds the heading, filter and post form, never the live messages or participants', async () => {
    const { res, html } = await page(s, '/workshop/zion-canyon-light/community?topic=equipment');
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Zion Canyon Light &amp; Slot Canyons</h1>');
    expect(html).toContain('Loading messages...');
    expect(html).toContain('Loading participants...');
    expect(html).toMatch(/data-topic="equipment" aria-pressed="true"/);
    expect(JSON.stringify(stateOf(html))).not.toMatch(/messages|participants/);
    expect((await page(s, '/workshop/atlantis/community')).res.status).toBe(404);
  });

  it('a booking shows at once on the server-rendered page (rendered pages go with the catalog)', async () => {
    const spots = async () => Number(/data-testid="available-spots">(\d+)/.exec((await page(s, '/workshop/canyonlands-arches-backcountry')).html)![1]);
    const before = await spots();
    expect(await spots()).toBe(before); // served from the page cache now
    const res = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: 'canyonlands-arches-backcountry', num_participants: 2 })),
    });
    expect(res.status).toBe(201);
    expect(await spots()).toBe(before - 2);
  });

  it('compresses pages for clients that accept it', async () => {
    const br = await rawGet(`${s.url}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const plain = await rawGet(`${s.url}/`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.bytes).toBeLessThan(plain.bytes / 3);
  });
});

/** A raw request whose Host and other headers are the caller's choice (fetch fixes Host). */
function rawText(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    http
      .get({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
}

// Finding 11: Host and X-Forwarded-Proto went into og:url and JSON-LD, and the page cache kept them.
describe('absolute links in pages come from PUBLIC_ORIGIN only', () => {
  let s: TestServer;
  const ORIGIN = 'https://wild.example';
  const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' };
  beforeAll(async () => {
    // startTestServer trusts the loopback proxy, so forwarded headers from this test are believed as far as the app lets them be.
    s = await startTestServer('sqlite', { PUBLIC_ORIGIN: ORIGIN }, undefined, { catalog: { maxAgeMs: 600_000 } });
  });
  afterAll(() => s?.close());

  const absoluteLinks = (html: string) => [...headOf(html).matchAll(/(?:content|href)="([a-z][a-z0-9+.-]*:\/\/[^"]*)"|"(?:url|@id|item|sameAs)":"([a-z][a-z0-9+.-]*:\/\/[^"]*)"/g)].map((m) => m[1] ?? m[2]);

  it.each([
    ['/', true],
    ['/workshops', true],
    ['/workshop/zion-canyon-light', true],
    ['/faq', false],
  ])('%s: Host and X-Forwarded-* change no link, and do not reach the page cache', async (p, ldHasUrl) => {
    const fromAttacker = await rawText(`${s.url}${p}`, hostile);
    expect(fromAttacker).not.toMatch(/evil\.example|gopher/);
    expect(headOf(fromAttacker)).toContain(`<meta property="og:url" content="${ORIGIN}${p}"`);
    // Every absolute link of the head is on the site's origin, or an outside one the page names (schema.org).
    const links = absoluteLinks(fromAttacker);
    expect(links.filter((l) => l.startsWith(`${ORIGIN}/`)).length).toBeGreaterThan(0);
    expect(links.filter((l) => !l.startsWith(`${ORIGIN}/`) && !l.startsWith('https://schema.org'))).toEqual([]);
    if (ldHasUrl) expect(JSON.stringify(jsonLdOf(headOf(fromAttacker)))).toContain(`"${ORIGIN}/`);

    // The page the attacker had rendered is the one everyone gets (one cache entry per path, whatever the Host).
    const hits = s.app.caches.pages.stats.hits;
    const fromVisitor = await rawText(`${s.url}${p}`);
    expect(s.app.caches.pages.stats.hits).toBe(hits + 1);
    expect(fromVisitor).toBe(fromAttacker);
    expect(await rawText(`${s.url}${p}`, { ...hostile, host: 'other.example' })).toBe(fromAttacker);
  });
});

describe('static assets', () => {
  let s: TestServer;
  const dist = path.join(root, 'web/dist');
  beforeAll(async () => {
    // The catalog's 10 s safety net would drop the pages during a slow flood on a loaded machine.
    s = await startTestServer('sqlite', {}, undefined, { catalog: { maxAgeMs: 600_000 } });
  });
  afterAll(() => s?.close());

  const entryScript = () => /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))![1];

  it('/assets/* (content-hashed) are immutable for a year and sent precompressed by Accept-Encoding', async () => {
    const js = entryScript();
    const size = fs.statSync(path.join(dist, js)).size;
    const br = await rawGet(`${s.url}${js}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.bytes).toBe(fs.statSync(path.join(dist, `${js}.br`)).size);

    const gz = await rawGet(`${s.url}${js}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.bytes).toBe(fs.statSync(path.join(dist, `${js}.gz`)).size);

    const refused = await rawGet(`${s.url}${js}`, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.bytes).toBe(size);
  });

  it('CSS too; generated images are immutable; unknown assets are a 404, not the app', async () => {
    const css = fs.readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.css'))!;
    const res = await rawGet(`${s.url}/assets/${css}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    const image = fs.readdirSync(path.join(dist, 'images/r')).find((f) => f.endsWith('.avif'))!;
    const img = await rawGet(`${s.url}/images/r/${image}`, { 'accept-encoding': 'br' });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/avif');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.headers['content-encoding']).toBeUndefined();
    expect((await rawGet(`${s.url}/assets/no-such-file.js`)).status).toBe(404);
    expect((await rawGet(`${s.url}/assets/../index.html`)).status).toBe(404);
    expect((await rawGet(`${s.url}/assets/%2e%2e/index.html`)).status).toBe(404);
    expect((await rawGet(`${s.url}/assets/%2e%2e%2f%2e%2e%2fpackage.json`)).status).toBe(404);
  });

  it('HTML is never cached; the server renderer is not a public file', async () => {
    for (const p of ['/', '/workshops', '/admin']) expect((await rawGet(`${s.url}${p}`)).headers['cache-control']).toBe('no-cache');
    expect((await rawGet(`${s.url}/server/entry-server.cjs`)).status).toBe(404);
  });

  // Finding 9: other spellings of the renderer's path gave it (853 KB) and its source map with a 200.
  it('the server renderer and source maps cannot be downloaded under any spelling', async () => {
    const renderer = ['/%73erver/entry-server.cjs', '//server/entry-server.cjs', '/./server/entry-server.cjs', '/server%2fentry-server.cjs', '/server/entry-server.cjs.map'];
    const outside = ['/dist-server/entry-server.cjs', '/../dist-server/entry-server.cjs', '/%2e%2e/dist-server/entry-server.cjs', '/assets/%2e%2e/%2e%2e/dist-server/entry-server.cjs'];
    const js = entryScript();
    expect(fs.existsSync(path.join(dist, `${js}.map`))).toBe(true); // emitted for debugging, never served
    // Issue 21 finding 12: the served scripts and styles named their maps (a 404 for every devtools user); the renderer too.
    const built = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => path.join(dist, 'assets', f));
    for (const f of [...built, path.join(root, 'web/dist-server/entry-server.cjs')]) expect({ f, comment: /sourceMappingURL=/.test(fs.readFileSync(f, 'utf8')) }).toEqual({ f, comment: false });
    const maps = [`${js}.map`, `${js.replace('/assets/', '/assets/./')}.map`, `${js.replace('/assets/', '//assets/')}.map`, `${js}%2emap`];
    for (const p of [...renderer, ...outside, ...maps]) {
      const res = await rawGet(`${s.url}${p}`, { 'accept-encoding': 'br, gzip' });
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(res.bytes).toBeLessThan(100_000); // the 404 page at most, never the 853 KB bundle
    }
  });

  // Finding 5: 420 distinct catalog queries filled the catalog's shared store and every page was rendered again.
  it('a flood of distinct catalog queries cannot evict the rendered pages', async () => {
    const pages = s.app.caches.pages;
    await rawGet(`${s.url}/`);
    const before = pages.stats.hits;
    await rawGet(`${s.url}/`);
    expect(pages.stats.hits).toBe(before + 1);
    await floodCatalogQueries(s, 'flood');
    const hits = pages.stats.hits;
    await rawGet(`${s.url}/`);
    expect(pages.stats.hits).toBe(hits + 1);
  }, 30_000);
});

/**
 * Issue 21: a page that states payment options states the ones the workshop
 * offers today, by the server clock, and a rendered page kept with the catalog
 * snapshot cannot keep promising one after the day it closes. Zion starts
 * 2026-04-13 in Denver: its balance falls due (the deposit closes) at the start
 * of 2026-02-12 there (07:00 UTC); a plan closed on 2025-12-13.
 */
describe('server-rendered payment options follow the day (SQLite)', () => {
  let s: TestServer;
  let now = new Date('2026-02-12T06:59:00Z');
  beforeAll(async () => {
    s = await startTestServer('sqlite', {}, undefined, { clock: () => now });
  });
  afterAll(() => s?.close());

  it('the workshop page promises the deposit the day before it closes, and not from that midnight on, though the page was cached', async () => {
    now = new Date('2026-02-12T06:59:00Z'); // 23:59 on February 11 in Denver
    const before = await page(s, '/workshop/zion-canyon-light');
    expect(before.html).toContain('Pay a 30% deposit or in full (too close to the start for a payment plan).');
    const hits = s.app.caches.pages.stats.hits;
    expect((await page(s, '/workshop/zion-canyon-light')).html).toContain('Pay a 30% deposit or in full');
    expect(s.app.caches.pages.stats.hits).toBe(hits + 1); // the page is kept with the catalog snapshot

    now = new Date('2026-02-12T07:00:00Z'); // midnight, February 12, in Denver
    const after = await page(s, '/workshop/zion-canyon-light');
    expect(after.html).toContain('Payment in full at booking: the balance is due 60 days before the start, so these dates take no deposit or payment plan.');
    expect(after.html).not.toContain('Pay a 30% deposit');
    // The booking page and the GraphQL answer say the same, by the same clock.
    const { data } = await s.gql<{ workshop: { paymentOptions: Array<{ option: string; available: boolean }> } }>('{ workshop(id: "zion-canyon-light") { paymentOptions { option available } } }');
    expect(data?.workshop.paymentOptions.filter((o) => o.available).map((o) => o.option)).toEqual(['full']);
  });

  it('the home page offers no deposit once no bookable workshop takes one', async () => {
    now = new Date('2026-02-12T07:00:00Z'); // later workshops still take a deposit
    expect((await page(s, '/')).html).toContain('Hold your seat today with a 30% deposit.');
    now = new Date('2026-11-23T12:00:00Z'); // what is left of the season starts within 60 days
    const { html } = await page(s, '/');
    expect(html).toContain('Book your seat today.');
    expect(html).not.toMatch(/Hold your seat today with a|Reserve with a 30% deposit/);
  });
});

describe('server rendering of /testimonials with real reviews only (SHOW_SAMPLE_REVIEWS=false, production’s default; decisions 089, 090)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { SHOW_SAMPLE_REVIEWS: 'false' });
  });
  afterAll(() => s?.close());

  const aReview = (id: string, rating: number, status: ReviewStatus) =>
    s.services.db.manager.insert(Testimonial, {
      id,
      rating,
      clientName: `Writer ${id}`,
      location: 'Austin, Texas',
      workshopAttended: 'Zion Canyon Light & Slot Canyons',
      reviewText: 'Written through the link.',
      date: '2026-04-21',
      status,
      sample: false,
      workshopId: 'zion-canyon-light',
      tripMonth: '2026-04',
      bookingId: crypto.randomUUID(),
      recipientKey: 'booker',
      consentToPublish: true,
      reply: null,
      repliedAt: null,
      createdAt: new Date('2026-04-21T10:00:00Z'),
      publishedAt: status === ReviewStatus.published ? new Date('2026-04-22T10:00:00Z') : null,
    });

  it('with no published review: the spec’s empty message and no rating markup', async () => {
    await aReview('pending-one', 5, ReviewStatus.pending);
    const { html } = await page(s, '/testimonials');
    expect(html.slice(html.indexOf('<div id="root">'))).toContain('Reviews coming soon from our amazing participants!');
    expect(html).not.toContain('AggregateRating');
    expect(html).not.toContain('Writer pending-one');
    expect(html).not.toContain('average from');
  });

  it('the AggregateRating counts exactly the published, verified reviews', async () => {
    await aReview('published-one', 5, ReviewStatus.published);
    await aReview('published-two', 4, ReviewStatus.published);
    await aReview('hidden-one', 1, ReviewStatus.hidden);
    const { html } = await page(s, '/testimonials');
    const [rating] = jsonLdOf(headOf(html)).filter((d) => d.aggregateRating);
    expect(rating!.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 });
    expect((rating!.review as unknown[]).length).toBe(2);
    expect(html).toContain('4.5 average from 2 verified reviews');
    expect(html).toContain('Verified participant');
    expect(html).not.toContain('Writer hidden-one');
  });

  it('a review the admin publishes shows at once, though /testimonials was a kept page', async () => {
    await aReview('to-publish', 3, ReviewStatus.pending);
    await page(s, '/workshops'); // the catalog snapshot is loaded: rendered pages are kept with it
    await page(s, '/testimonials');
    const hits = s.app.caches.pages.stats.hits;
    expect((await page(s, '/testimonials')).html).not.toContain('Writer to-publish');
    expect(s.app.caches.pages.stats.hits).toBe(hits + 1); // it was kept
    await s.services.reviews.publishOrThrow('to-publish');
    const { html } = await page(s, '/testimonials');
    expect(html).toContain('Writer to-publish');
    const [rating] = jsonLdOf(headOf(html)).filter((d) => d.aggregateRating);
    expect(rating!.aggregateRating).toMatchObject({ reviewCount: 3 });
  });
});

describe('server rendering of /privacy-policy with PERSONAL_DATA_RETENTION_DAYS=45 (issue 26, decision 102)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { PERSONAL_DATA_RETENTION_DAYS: '45' });
  });
  afterAll(() => s?.close());

  it('the first HTML states the configured period for every category, and the embedded cache holds it for hydration', async () => {
    const { res, html } = await page(s, '/privacy-policy');
    expect(res.status).toBe(200);
    // React separates adjacent text nodes with <!-- --> in server HTML.
    const body = html.slice(html.indexOf('<div id="root">')).replace(/<!-- -->/g, '');
    expect(body).toContain('ages and travel details (arrival, flight, roommate) 45 days after your workshop ends.');
    expect(body.match(/45 days after the workshop ends, for you and every traveller on your booking\./g)).toHaveLength(5);
    expect(body).toContain('7 years after the workshop');
    expect(body).not.toMatch(/\b90 days\b/);
    expect(body).toContain('Last updated October 2025');
    // The browser's cache starts with the server's answer: hydration shows the same number without asking again.
    expect(stateOf(html)!.ROOT_QUERY).toMatchObject({ privacyRetention: { tripDataDays: 45, accountingYears: 7 } });
  });
});
