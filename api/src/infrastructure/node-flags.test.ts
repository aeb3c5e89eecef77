import { execFileSync } from 'node:child_process';
import v8 from 'node:v8';
import { boundOldGenerationGrowth, HEAP_GROWING_PERCENT } from './node-flags';

describe('the old generation bound (docs/decisions/106)', () => {
  it('is set by the app on MySQL/MariaDB unless node was started with its own', () => {
    const set: string[] = [];
    expect(boundOldGenerationGrowth((f) => set.push(f), 'mysql://root@db:3306/app', [], '')).toBe(true);
    expect(boundOldGenerationGrowth((f) => set.push(f), 'mariadb://root@db:3306/app', [], '')).toBe(true);
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, `--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    expect(boundOldGenerationGrowth((f) => set.push(f), 'mysql://root@db:3306/app', ['--heap-growing-percent=20'], '')).toBe(false);
    expect(boundOldGenerationGrowth((f) => set.push(f), 'mysql://root@db:3306/app', [], '--max-semi-space-size=8 --heap_growing_percent=30')).toBe(false);
    // SQLite (or the default database) keeps V8's own factor.
    expect(boundOldGenerationGrowth((f) => set.push(f), 'sqlite:./data/app.db', [], '')).toBe(false);
    expect(boundOldGenerationGrowth((f) => set.push(f), undefined, [], '')).toBe(false);
    expect(set).toHaveLength(2);
  });

  it('is a flag this V8 takes at run time (a V8 without it would throw, or keep its default silently)', () => {
    // Node refuses an unknown V8 flag on its command line but not here: the flag's presence is checked in V8's own list.
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(options).toMatch(/--heap-growing-percent\b/);
    expect(() => v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)).not.toThrow();
  });
});
