// CI guard: the committed generated files must match what the sources produce.
// 1. schema/schema.graphql is checked by api's Jest suite (graphql/schema.test.ts).
// 2. web/src/gql/graphql.ts: regenerate into a temp file and compare.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const committed = path.join(root, 'web/src/gql/graphql.ts');
const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'codegen-')), 'graphql.ts');
execSync('npx graphql-codegen --config codegen.ts --silent', { cwd: root, stdio: 'inherit', env: { ...process.env, CODEGEN_OUT: tmp } });
const fresh = fs.readFileSync(tmp, 'utf8');
if (!fs.existsSync(committed) || fs.readFileSync(committed, 'utf8') !== fresh) {
  console.error('web/src/gql/graphql.ts is stale: run `npm run codegen` and commit the result.');
  process.exit(1);
}
console.log('Generated GraphQL types are up to date.');
