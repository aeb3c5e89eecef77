// CI guard: the committed generated files must match what the sources produce.
// 1. schema/schema.graphql is checked by api's Jest suite (graphql/schema.test.ts).
// 2. web/src/gql/graphql.ts and the trusted-documents manifest web/src/gql/trusted-documents.json
//    (docs/decisions/073): regenerate into a temp folder and compare.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codegen-'));
const outputs = [
  { committed: 'web/src/gql/graphql.ts', env: 'CODEGEN_OUT', fresh: path.join(tmp, 'graphql.ts') },
  { committed: 'web/src/gql/trusted-documents.json', env: 'CODEGEN_TRUSTED_OUT', fresh: path.join(tmp, 'trusted-documents.json') },
];
execSync('npx graphql-codegen --config codegen.ts --silent', {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...Object.fromEntries(outputs.map((o) => [o.env, o.fresh])) },
});
let stale = false;
for (const { committed, fresh } of outputs) {
  const file = path.join(root, committed);
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== fs.readFileSync(fresh, 'utf8')) {
    console.error(`${committed} is stale: run \`npm run codegen\` and commit the result.`);
    stale = true;
  }
}
if (stale) process.exit(1);
console.log('Generated GraphQL types and trusted documents are up to date.');
