import fs from 'node:fs';
import path from 'node:path';
import { missingNodeFlags, productionNodeFlags } from '../infrastructure/node-flags';

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the node flags production starts with (docs/decisions/083)', () => {
  const flags = productionNodeFlags();

  it('bound the young generation, and every way the app starts passes them', () => {
    expect(flags).toEqual([expect.stringMatching(/^--max-semi-space-size=\d+$/)]);
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`node ${flags.join(' ')} api/dist/main.js`);
    expect(read('docker/Dockerfile')).toContain(`CMD ["node", ${flags.map((f) => JSON.stringify(f)).join(', ')}, "api/dist/main.js"]`);
    // The e2e servers and the benches read api/package.json's list themselves.
    expect(read('web/e2e/playwright.config.ts')).toMatch(/nodeFlags[\s\S]*node \$\{nodeFlags\} \$\{apiDist\}\/main\.js/);
    expect(read('bench/lib.mjs')).toMatch(/spawn\(process\.execPath, \[\.\.\.productionNodeFlags\(\)/);
  });

  it('names the flags a process was started without, from its command line or NODE_OPTIONS', () => {
    expect(missingNodeFlags(flags, [], '')).toEqual(flags);
    expect(missingNodeFlags(flags, [...flags], '')).toEqual([]);
    expect(missingNodeFlags(flags, ['--enable-source-maps'], `--trace-warnings ${flags[0]}`)).toEqual([]);
    expect(missingNodeFlags(flags, ['--max-semi-space-size=64'], '')).toEqual(flags);
  });
});
