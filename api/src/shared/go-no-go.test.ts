import { DECIDE_NOW_DAYS, defaultDecisionDate, goNoGo, type GoNoGoInput } from './go-no-go';

const base: GoNoGoInput = {
  startDate: '2027-05-14',
  endDate: '2027-05-19',
  timeZone: 'America/Denver',
  decisionDate: null,
  minimumParticipants: 6,
  cancelled: false,
  paid: 2,
  held: 1,
};
// Noon in Denver on a calendar day.
const on = (date: string) => new Date(`${date}T19:00:00Z`);

describe('goNoGo', () => {
  it('defaults the decision date to the balance due date, 60 days before the start', () => {
    expect(defaultDecisionDate('2027-05-14')).toBe('2027-03-15');
    expect(goNoGo(base, on('2027-01-01')).decisionDate).toBe('2027-03-15');
  });

  it('moves from at risk to decide now as the decision date comes, then running and taken place', () => {
    expect(goNoGo(base, on('2027-01-01'))).toMatchObject({ state: 'at_risk', label: 'At risk', daysToDecision: 73, paid: 2, held: 1, minimum: 6, missing: 4 });
    // 15 days before: still at risk; 14 days before: decide now.
    expect(goNoGo(base, on('2027-02-28')).state).toBe('at_risk');
    expect(goNoGo(base, on('2027-03-01'))).toMatchObject({ state: 'decide_now', daysToDecision: DECIDE_NOW_DAYS });
    expect(goNoGo(base, on('2027-04-01'))).toMatchObject({ state: 'decide_now', daysToDecision: -17 });
    expect(goNoGo(base, on('2027-05-14')).state).toBe('running');
    expect(goNoGo(base, on('2027-05-19')).state).toBe('running');
    expect(goNoGo(base, on('2027-05-20')).state).toBe('finished');
  });

  it('is on track once the paid participants reach the minimum (held ones do not count)', () => {
    expect(goNoGo({ ...base, paid: 6, held: 0 }, on('2027-04-01'))).toMatchObject({ state: 'on_track', missing: 0 });
    expect(goNoGo({ ...base, paid: 5, held: 4 }, on('2027-04-01')).state).toBe('decide_now');
  });

  it('uses the admin decision date when set, and says cancelled whatever else holds', () => {
    expect(goNoGo({ ...base, decisionDate: '2027-01-10' }, on('2027-01-01'))).toMatchObject({ state: 'decide_now', decisionDate: '2027-01-10', daysToDecision: 9 });
    expect(goNoGo({ ...base, cancelled: true, paid: 8 }, on('2027-01-01')).state).toBe('cancelled');
  });

  it('counts days in the workshop time zone', () => {
    // 2027-02-28 at 23:30 in Denver is already 2027-03-01 in UTC.
    expect(goNoGo(base, new Date('2027-03-01T06:30:00Z')).daysToDecision).toBe(15);
  });
});
