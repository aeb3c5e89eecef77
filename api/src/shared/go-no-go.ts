/**
 * Go or no-go (docs/decisions/063): will a workshop run? Isomorphic: the api
 * computes it for the dashboard, the web may recompute it. Time comes from the
 * caller's clock; dates are calendar dates in the workshop's time zone.
 */
import { daysBetween, todayIn } from './dates';
import { balanceDueDate } from './policy';

/** Within this many days of the decision date (or past it) a workshop short of its minimum needs a decision. */
export const DECIDE_NOW_DAYS = 14;

export type GoNoGoState = 'on_track' | 'at_risk' | 'decide_now' | 'running' | 'finished' | 'cancelled';

export const GO_NO_GO_LABELS: Readonly<Record<GoNoGoState, string>> = {
  on_track: 'On track',
  at_risk: 'At risk',
  decide_now: 'Decide now',
  running: 'Running',
  finished: 'Taken place',
  cancelled: 'Cancelled',
};

export interface GoNoGoInput {
  startDate: string;
  endDate: string;
  timeZone: string;
  /** The admin's decision date (YYYY-MM-DD); null: the default, the balance due date. */
  decisionDate: string | null;
  minimumParticipants: number;
  cancelled: boolean;
  /** Participants of confirmed bookings. */
  paid: number;
  /** Participants of unexpired holds. */
  held: number;
}

export interface GoNoGo {
  state: GoNoGoState;
  label: string;
  /** The decision date in force (the admin's or the default). */
  decisionDate: string;
  /** Calendar days from today (the workshop's time zone) to the decision date: negative once past. */
  daysToDecision: number;
  paid: number;
  held: number;
  minimum: number;
  /** Participants still missing to reach the minimum (0 when reached). */
  missing: number;
}

/** The default decision date: the balance due date (balanceDueDaysBefore days before the start). */
export function defaultDecisionDate(startDate: string): string {
  return balanceDueDate(startDate);
}

export function goNoGo(w: GoNoGoInput, now: Date): GoNoGo {
  const today = todayIn(w.timeZone, now);
  const decisionDate = w.decisionDate ?? defaultDecisionDate(w.startDate);
  const daysToDecision = daysBetween(today, decisionDate);
  const state = stateOf(w, today, daysToDecision);
  return {
    state,
    label: GO_NO_GO_LABELS[state],
    decisionDate,
    daysToDecision,
    paid: w.paid,
    held: w.held,
    minimum: w.minimumParticipants,
    missing: Math.max(0, w.minimumParticipants - w.paid),
  };
}

function stateOf(w: GoNoGoInput, today: string, daysToDecision: number): GoNoGoState {
  if (w.cancelled) return 'cancelled';
  if (today > w.endDate) return 'finished';
  if (today >= w.startDate) return 'running';
  if (w.paid >= w.minimumParticipants) return 'on_track';
  return daysToDecision > DECIDE_NOW_DAYS ? 'at_risk' : 'decide_now';
}
