// Playwright loads the suite as Node ESM: JSON needs its import attribute (and has only a default export).
import manifest from '../src/routes.json' with { type: 'json' };

const { routes } = manifest;

/** The routes of the spec (section 2) from the app's route manifest, without the catch-all. */
const withSamples = routes.filter((r) => r.path !== '*');

/** Every route of the spec, one sample address each, for the cross-route e2e checks (responsive). */
export const ALL_ROUTES: readonly string[] = withSamples.map((r) => r.samples[0]);

/** Routes a visitor reaches without signing in or booking, every sample: the accessibility audit runs on these. */
export const PUBLIC_ROUTES: readonly string[] = withSamples.filter((r) => r.public).flatMap((r) => r.samples);

/** One sample of every route the server renders (catalog data and fixed texts only). */
export const SSR_ROUTES: readonly string[] = withSamples.filter((r) => r.ssr).map((r) => r.samples[0]);
