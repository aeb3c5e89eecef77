import fs from 'node:fs';
import path from 'node:path';

/** Folders of api/src that are layers of their own, not domains (docs/architecture.md). */
const LAYERS = ['transport', 'shared', 'infrastructure', 'cli', 'test', 'system-tests'];

describe('the layer rules of .dependency-cruiser.cjs', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require('../../../.dependency-cruiser.cjs') as { forbidden: Array<{ name: string; from: { path?: string } }> };
  const domainRule = config.forbidden.find((r) => r.name === 'domains-do-not-reach-up')!;

  it('cover every folder of api/src: each is a layer or a domain the rules know', () => {
    const src = path.join(__dirname, '..');
    const folders = fs.readdirSync(src, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const domains = folders.filter((f) => !LAYERS.includes(f));
    expect(domains.length).toBeGreaterThan(5);
    const unknown = domains.filter((f) => !new RegExp(domainRule.from.path!).test(`api/src/${f}/x.service.ts`));
    expect(unknown).toEqual([]);
  });
});
