/**
 * How long each category of personal data is kept (issue 26, docs/decisions/100):
 * the one place the erasure job, the customer erasure and the privacy policy
 * page read. Shared with the web as `api/shared/retention`.
 */

/** Days after a workshop ends before its trip-only data is erased, unless PERSONAL_DATA_RETENTION_DAYS says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;

/** Years money records, names and emails are kept for the books (IRS: keep records supporting income for up to 7 years). */
export const ACCOUNTING_RETENTION_YEARS = 7;

/** A category erased a set time after the workshop ends. */
export type TripDataCategory = 'health' | 'dietary' | 'emergency_contact' | 'age' | 'travel';

export interface RetentionRule {
  category: TripDataCategory;
  /** How the privacy policy names it. */
  label: string;
  /** The booking's own columns holding it (entity properties). */
  bookingFields: readonly string[];
  /** The travellers' columns holding it (entity properties). */
  travellerFields: readonly string[];
}

/** Erased `retentionDays` after the run ends (the end date's midnight UTC plus a day, then the days). */
export const TRIP_DATA_RULES: readonly RetentionRule[] = [
  { category: 'health', label: 'Health notes', bookingFields: ['healthConcerns'], travellerFields: ['healthConcerns'] },
  { category: 'dietary', label: 'Dietary needs', bookingFields: ['dietaryRestrictions'], travellerFields: ['dietaryRestrictions'] },
  {
    category: 'emergency_contact',
    label: 'Emergency contacts',
    bookingFields: ['emergencyContactName', 'emergencyContactPhone', 'emergencyContactEmail'],
    travellerFields: ['emergencyContactName', 'emergencyContactPhone', 'emergencyContactEmail'],
  },
  { category: 'age', label: 'Ages', bookingFields: ['age'], travellerFields: ['age'] },
  {
    category: 'travel',
    label: 'Travel details (arrival, flight, roommate)',
    bookingFields: [],
    travellerFields: ['arrivalDate', 'arrivalTime', 'arrivalBy', 'flightNumber', 'roommatePreference', 'roommateName'],
  },
];

/** What stays, and for how long, as the privacy policy says it. */
export const KEPT_FOR_ACCOUNTING = {
  label: 'Names, email addresses, bookings, payments and refunds',
  years: ACCOUNTING_RETENTION_YEARS,
  why: 'the tax and accounting records of each sale (the IRS asks businesses to keep records that support income for up to 7 years)',
} as const;

/** The privacy policy's sentence for the trip-only data. */
export function tripDataRetentionText(days: number = DEFAULT_RETENTION_DAYS): string {
  const labels = TRIP_DATA_RULES.map((r) => r.label.toLowerCase());
  return `We erase ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} ${days} days after your workshop ends.`;
}

/** The privacy policy's sentence for what accounting keeps. */
export function accountingRetentionText(): string {
  return `${KEPT_FOR_ACCOUNTING.label} are kept ${KEPT_FOR_ACCOUNTING.years} years after the workshop, for ${KEPT_FOR_ACCOUNTING.why}.`;
}

/** When a run that ends on `endDate` (YYYY-MM-DD) has its trip-only data erased: the day after it ends, plus `days`, at 03:00 UTC. */
export function tripDataEraseAt(endDate: string, days: number): Date {
  const endOfRun = Date.parse(`${endDate}T03:00:00.000Z`) + 86_400_000;
  return new Date(endOfRun + days * 86_400_000);
}

/**
 * When a run that ends on `endDate` (YYYY-MM-DD) has the names and email addresses on its money
 * records replaced: the day after it ends, at 03:00 UTC, ACCOUNTING_RETENTION_YEARS calendar
 * years later (docs/decisions/102).
 */
export function accountingEraseAt(endDate: string): Date {
  const dayAfter = new Date(Date.parse(`${endDate}T03:00:00.000Z`) + 86_400_000);
  dayAfter.setUTCFullYear(dayAfter.getUTCFullYear() + ACCOUNTING_RETENTION_YEARS);
  return dayAfter;
}
