import v8 from 'node:v8';
import { boundOldGenerationGrowth } from './node-flags';

// Imported by main.ts before anything else is loaded: V8 sizes the old generation at each full
// collection from the one before, and start-up's first collections come while modules load
// (set later, the first bound only took effect after the exports had grown it: docs/decisions/106).
// The database's address may be in .env: main.ts imports load-env.ts before this module.
boundOldGenerationGrowth((flags) => v8.setFlagsFromString(flags), process.env.DATABASE_URL);
