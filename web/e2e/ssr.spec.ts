import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { SSR_ROUTES } from './routes';

/** Requests and console messages of a page while it loads and hydrates. */
function watch(page: Page) {
  const graphql: string[] = [];
  const scripts: string[] = [];
  const messages: string[] = [];
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname === '/graphql') graphql.push(r.postData() ?? r.url());
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') messages.push(m.text());
  });
  return { graphql, scripts, messages };
}

/** The operation a /graphql request runs (a POST body or a GET address), for the messages of a failure. */
function operationName(request: string): string {
  try {
    return (JSON.parse(request) as { operationName?: string }).operationName ?? request;
  } catch {
    return new URL(request).searchParams.get('operationName') ?? request;
  }
}

/** What a server-rendered page still asks for in the browser: live data, never in the cached page. */
const LIVE_QUERIES: Record<string, string[]> = {
  '/workshop/zion-canyon-light/community': ['CommunityMessages', 'Participants'],
};

for (const path of SSR_ROUTES) {
  test(`${path} is server-rendered and hydrates from the embedded state: no /graphql request for its data, no mismatch`, async ({ page, browser, baseURL }) => {
    // JavaScript off: the server's HTML alone already shows the page.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${baseURL}${path}`);
    await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
    await noJs.close();

    const seen = watch(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const operations = seen.graphql.map(operationName).sort();
    expect(operations, 'GraphQL requests for data the page already holds').toEqual(LIVE_QUERIES[path] ?? []);
    expect(seen.messages.filter((m) => /hydrat|mismatch|did not match|#418|#423|#425/i.test(m))).toEqual([]);
  });
}

test('the first load of / carries no admin, booking or community code', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(seen.scripts.filter((s) => /Admin|Booking|Community|Confirmation|Payment/.test(s))).toEqual([]);
  // Client-side navigation still loads those pages on demand.
  await page.goto('/workshop/zion-canyon-light');
  await page.getByRole('button', { name: 'Join Community' }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(seen.scripts.some((s) => /CommunityPage/.test(s))).toBe(true);
});

test('a server-rendered page fetches the app only after it has loaded; the app shell starts at once', async ({ page }) => {
  const timing = () =>
    page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const framework = performance.getEntriesByType('resource').find((r) => /\/assets\/framework-/.test(r.name));
      return { loadEnd: nav.loadEventEnd, framework: framework?.startTime ?? null };
    });
  await page.goto('/');
  const home = await timing();
  expect(home.framework).not.toBeNull();
  expect(home.framework!).toBeGreaterThanOrEqual(home.loadEnd);
  // Client-rendered routes (here the admin login) have nothing on screen to protect.
  await page.goto('/admin');
  const admin = await timing();
  expect(admin.framework!).toBeLessThan(admin.loadEnd);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('a button clicked before the app has hydrated the page is not lost: it is replayed once the app is ready', async ({ page }) => {
  // A slow network: the app's framework arrives a second after it is asked for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.mainFrame().goto('/'); // the frame's own goto: the fixture's page.goto would wait for the app
  expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
  await page.getByRole('button', { name: 'Explore Workshops' }).click();
  expect(page.url()).toMatch(/\/$/); // nothing happened yet: no handler, and no reload either
  release();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(page.locator('.workshop-card').nth(10)).toBeVisible(); // other specs may have scheduled more runs on this server
});

test('hydrated pages are live: client-side navigation without a document request', async ({ page }) => {
  await page.goto('/');
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  await page.getByRole('button', { name: 'Explore Workshops' }).click();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(page.locator('.workshop-card').nth(10)).toBeVisible();
  await page.locator('.workshop-card a').first().click();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();
  expect(documents).toBe(0);
});
