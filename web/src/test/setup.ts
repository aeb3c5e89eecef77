import '@testing-library/jest-dom';

// Any console.error in a component test is a bug (React warnings, failed
// prop types, act() misuse): fail the test instead of scrolling past it.
const originalError = console.error;
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    originalError(...args);
    throw new Error(`console.error called in a test: ${String(args[0])}`);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

// Route modules load on demand in the app (routes.tsx); tests render every page
// at once, so load them all up front (the loading frame is the browser's concern).
beforeAll(async () => {
  const { preloadAllPages } = await import('../routes');
  await preloadAllPages();
});
