import { test as base, expect, type Page } from '@playwright/test';

/**
 * The shared test fixture: any console error or uncaught page error fails the
 * test (a broken page must not pass because its text happened to render).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Server-rendered pages are visible (and their buttons clickable) before React hydrates them:
  // every goto waits until the app is live (html[data-ready], set by layout/AppReady.tsx) when it is the app.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const res = await goto(url, options);
      await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready !== undefined);
      return res;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Accepts the next alert from inside the dialog event and returns its text.
 * Accepting in the handler (rather than after `waitForEvent` resolves) leaves no
 * window in which the page sits blocked on an open alert: such a window made
 * `dialog.accept()` hang on a loaded CI machine.
 */
export function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      const text = dialog.message();
      dialog.accept().then(() => resolve(text), reject);
    });
  });
}

export { expect };
