// CPU of one validateInputOrThrow(BookingInput) (the booking POST's class-validator pass), with the
// rule lookup memoized (docs/decisions/113) and without, in child processes taken in turn (ABAB) in
// one run. Each child loads every module of api/dist first, as the app has them loaded (class-validator's
// unmemoized lookup scans every decorated class of the process).
//   npm run build && node bench/validation-cpu.mjs        Env: ROUNDS (3), N (20000 validations per child)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { load, machine, root } from './lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const N = Number(process.env.N ?? 20000);
const api = path.join(root, 'api');

const CHILD = `
  require('reflect-metadata');
  const storage = require('class-validator').getMetadataStorage();
  // Marked as installed already: memoizeValidationRules (run by validation.js when loaded) leaves it off.
  if (process.env.MEMO === 'off') storage[Symbol.for('wild-light: class-validator rule lookup memoized')] = true;
  const { execSync } = require('node:child_process');
  for (const f of execSync('find dist -name "*.js" ! -name main.js ! -path "dist/cli/*"', { encoding: 'utf8' }).trim().split('\\n')) {
    try { require('./' + f); } catch {}
  }
  const { BookingInput } = require('./dist/booking/booking.input.js');
  const { validateInputOrThrow, inputFieldNames } = require('./dist/infrastructure/validation.js');
  const body = { workshopId: 'zion-canyon-light', customerName: 'Rusher 1', customerEmail: 'rusher1@example.com', customerPhone: '+1 555 010 0100',
    numParticipants: 2, roomType: 'shared', numSpouses: 0, paymentOption: 'full', age: 40, cameraBody: 'Sony A7 IV', lenses: '24-105mm', tripGoals: 'Benchmark',
    emergencyContactName: 'Contact', emergencyContactPhone: '555 0101', emergencyContactEmail: 'contact@example.com' };
  (async () => {
    const names = inputFieldNames(BookingInput);
    for (let i = 0; i < 2000; i++) await validateInputOrThrow(BookingInput, body, names);
    const t = process.cpuUsage();
    for (let i = 0; i < ${N}; i++) await validateInputOrThrow(BookingInput, body, names);
    const u = process.cpuUsage(t);
    console.log(JSON.stringify({ us: (u.user + u.system) / ${N}, classes: storage.validationMetadatas.size }));
  })();
`;

console.log(`validation-cpu: ${N} validations of BookingInput per child, ${ROUNDS} rounds; ${machine()}; ${new Date().toISOString()}; load ${load()}`);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const runs = {};
  for (const memo of ['off', 'on']) {
    runs[memo] = JSON.parse(execFileSync(process.execPath, ['-e', CHILD], { cwd: api, env: { ...process.env, MEMO: memo }, encoding: 'utf8' }).trim().split('\n').pop());
  }
  rows.push({ round, classes: runs.on.classes, 'memo off µs': runs.off.us.toFixed(1), 'memo on µs': runs.on.us.toFixed(1), 'on/off': `${Math.round((100 * runs.on.us) / runs.off.us)}%` });
}
console.table(rows);
console.log(`load at the end ${load()}`);
