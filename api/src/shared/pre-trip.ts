/**
 * The pre-trip tasks of every traveller (docs/decisions/084): which tasks, when
 * they are due, when reminders go, and each workshop type's gear checklist
 * (the equipment page's rules). Isomorphic: the api decides with it, the web
 * shows the same lists and dates.
 */
import { addDays, daysBetween, localDate } from './policy';

/** The tasks, in the order the pages show them. */
export const TASKS = ['waiver', 'health', 'travel', 'gear'] as const;
export type TaskKind = (typeof TASKS)[number];

export const TASK_LABELS: Record<TaskKind, string> = {
  waiver: 'Sign the release of liability',
  health: 'Health, dietary needs and emergency contact',
  travel: 'Travel details',
  gear: 'Gear checklist',
};

export const PRE_TRIP = {
  /** The tasks are due this many days before the first day... */
  deadlineDaysBeforeStart: 30,
  /** ...or this many days after booking, for a booking made later than that (never after the first day). */
  deadlineDaysAfterBooking: 7,
  /** Reminder days relative to the deadline: 7, 3 and 0 days before it, 2 days after it. */
  reminderOffsets: [-7, -3, 0, 2] as const,
} as const;

/**
 * The tasks' deadline (YYYY-MM-DD, the workshop's calendar): 30 days before the
 * start, or 7 days after booking when booked later than that, but never after the start.
 */
export function tasksDeadline(startDate: string, bookedAt: Date, timeZone?: string | null): string {
  const normal = addDays(startDate, -PRE_TRIP.deadlineDaysBeforeStart);
  const booked = localDate(bookedAt, timeZone);
  if (daysBetween(booked, normal) >= 0) return normal;
  const late = addDays(booked, PRE_TRIP.deadlineDaysAfterBooking);
  return daysBetween(late, startDate) >= 0 ? late : startDate;
}

export type WorkshopKind = 'landscape' | 'portrait_posing' | 'adventure' | 'storm_chasing' | 'wildlife';

export interface GearItem {
  id: string;
  label: string;
  /** Required items must be ticked for the task to be done; recommended ones may stay unticked. */
  required: boolean;
}

/** The equipment page: required for every workshop. */
const EVERY_WORKSHOP: GearItem[] = [
  { id: 'camera', label: 'DSLR or mirrorless camera with manual mode', required: true },
  { id: 'tripod', label: 'Sturdy tripod', required: true },
  { id: 'batteries', label: 'At least 2 spare batteries', required: true },
  { id: 'storage', label: '64GB+ storage', required: true },
];

const PORTRAIT: GearItem[] = [
  { id: 'flash-trigger', label: 'Wireless flash trigger', required: true },
  { id: 'flash-stand', label: 'External flash or strobe with a light stand', required: true },
];

const WILDLIFE: GearItem[] = [
  { id: 'telephoto', label: '300-600mm telephoto lens (recommended)', required: false },
  { id: 'fast-shutter', label: 'A camera capable of 1/1000s or faster (recommended)', required: false },
];

/** The checklist of a workshop type. */
export function gearList(kind: string): GearItem[] {
  if (kind === 'portrait_posing') return [...EVERY_WORKSHOP, ...PORTRAIT];
  if (kind === 'wildlife') return [...EVERY_WORKSHOP, ...WILDLIFE];
  return [...EVERY_WORKSHOP];
}

/** The gear task is done when every required item is ticked. */
export function gearDone(kind: string, ticked: readonly string[] | null | undefined): boolean {
  const set = new Set(ticked ?? []);
  return gearList(kind).every((g) => !g.required || set.has(g.id));
}

export const ARRIVAL_MODES = ['flight', 'car', 'train', 'bus', 'other'] as const;
export type ArrivalMode = (typeof ARRIVAL_MODES)[number];

export const ROOMMATE_PREFERENCES = ['same_gender', 'no_preference', 'named_person'] as const;
export type RoommatePreference = (typeof ROOMMATE_PREFERENCES)[number];

/** Per traveller: how many tasks are done, of how many, and which are missing (the departure view's "x of y ready"). */
export interface Readiness {
  tasksDone: number;
  tasksTotal: number;
  missing: TaskKind[];
}

export function readinessOf(done: Record<TaskKind, boolean>): Readiness {
  const missing = TASKS.filter((t) => !done[t]);
  return { tasksDone: TASKS.length - missing.length, tasksTotal: TASKS.length, missing };
}
