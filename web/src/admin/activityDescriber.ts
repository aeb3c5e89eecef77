import { formatCents } from 'api/shared/money';
import { formatIsoDate } from 'api/shared/policy';
import { BOOKING_STATUS_LABELS, labelOf, PAYMENT_STATUS_LABELS } from '../ui/labels';

/**
 * The Activity tab in the admin's words (docs/decisions/079): an audit entry's
 * before/after (JSON written by the api, docs/decisions/060) as lines such as
 * "Amount paid $0 → $10,990" or "Refund of $400 to card". The raw JSON stays one
 * click away in the tab. Fields this module does not know read as "name: value",
 * so a new field never hides.
 */

type Json = Record<string, unknown>;

/** How one field reads: its label and how a value of it is written. */
interface FieldWords {
  label: string;
  value?: (v: unknown) => string;
  /** Long texts: say that they changed, not what they hold. */
  changedOnly?: boolean;
}

const money = (v: unknown) => (typeof v === 'number' ? formatCents(v) : show(v));
const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatIsoDate(v) : show(v));
const instant = (v: unknown) =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : show(v);
const yesNo = (v: unknown) => (v === true ? 'yes' : v === false ? 'no' : show(v));
const words = (labels: Record<string, string>) => (v: unknown) => (typeof v === 'string' ? labelOf(labels, v) : show(v));

const REFUND_STATE_WORDS: Record<string, string> = {
  pending: 'pending',
  processing: 'in progress',
  succeeded: 'made',
  failed: 'failed',
  owed: 'owed: to pay back by hand',
  done: 'paid back',
  credited: 'replaced by a credit',
};
const CREDIT_STATE_WORDS: Record<string, string> = { issued: 'issued', used: 'used' };
/** Refund and credit rows share `state`; the words of each are picked by the other fields. */
const STATE_WORDS: Record<string, string> = { ...REFUND_STATE_WORDS, ...CREDIT_STATE_WORDS };

/** Where a photograph is shown (api/src/photo/photo.types.ts PhotoKind). */
const PHOTO_KIND_WORDS: Record<string, string> = {
  workshop_cover: 'workshop cover',
  workshop_gallery: 'workshop gallery',
  instructor_portrait: 'instructor portrait',
  home_hero: 'home page hero',
};

const FIELDS: Record<string, FieldWords> = {
  amountPaidCents: { label: 'Amount paid', value: money },
  amountRefundedCents: { label: 'Amount refunded', value: money },
  totalCents: { label: 'Total', value: money },
  feeCents: { label: 'Fees kept', value: money },
  refundCapCents: { label: 'Refund limit', value: money },
  priceCents: { label: 'Price', value: money },
  privateRoomSupplementCents: { label: 'Private room supplement', value: money },
  amountCents: { label: 'Amount', value: money },
  appliedCents: { label: 'Applied to the booking', value: money },
  giftCardId: { label: 'Gift card' },
  balanceCents: { label: 'Balance', value: money },
  spentCents: { label: 'Spent', value: money },
  returnedCents: { label: 'Given back to the card', value: money },
  refundedCents: { label: 'Refunded', value: money },
  providerPaymentId: { label: 'Stripe payment' },
  onlineRefundCents: { label: 'Refunded to cards', value: money },
  offlineRefundCents: { label: 'Owed to pay back by hand', value: money },
  status: { label: 'Booking status', value: words(BOOKING_STATUS_LABELS) },
  paymentStatus: { label: 'Payment status', value: words(PAYMENT_STATUS_LABELS) },
  reviewStatus: { label: 'Review', value: words({ pending: 'waiting for the admin', published: 'published', hidden: 'hidden' }) },
  reply: { label: 'Public answer', value: (v) => (v ? `“${String(v)}”` : 'none') },
  state: { label: 'State', value: words(STATE_WORDS) },
  workshopId: { label: 'Workshop' },
  name: { label: 'Name' },
  location: { label: 'Location' },
  startDate: { label: 'Start date', value: date },
  endDate: { label: 'End date', value: date },
  decisionDate: { label: 'Go/no-go date', value: date },
  timeZone: { label: 'Time zone' },
  capacity: { label: 'Capacity' },
  minimumParticipants: { label: 'Minimum to run' },
  imageUrl: { label: 'Photo', value: (v) => (v ? String(v) : 'none') },
  archived: { label: 'Archived', value: yesNo },
  cancelledAt: { label: 'Cancelled', value: (v) => (v ? instant(v) : 'no') },
  refundsDueAt: { label: 'Refunds due by', value: instant },
  liveBookings: { label: 'Live bookings' },
  bookingsCancelled: { label: 'Bookings cancelled' },
  waitlistClosed: { label: 'Waiting-list entries closed' },
  description: { label: 'Description', changedOnly: true },
  itinerary: { label: 'Itinerary', changedOnly: true },
  highlights: { label: 'Highlights', changedOnly: true },
  message: { label: 'Message', value: (v) => `“${show(v)}”` },
  authorName: { label: 'Author' },
  authorEmail: { label: 'Author email' },
  contentHash: { label: 'Waiver text SHA-256' },
  version: { label: 'Waiver version' },
  topic: { label: 'Topic' },
  createdAt: { label: 'Posted', value: instant },
  kind: { label: 'Shown as', value: words(PHOTO_KIND_WORDS) },
  altText: { label: 'Alt text', value: (v) => `“${show(v)}”` },
  caption: { label: 'Caption', value: (v) => (v ? `“${show(v)}”` : 'none') },
  width: { label: 'Width', value: (v) => (typeof v === 'number' ? `${v} px` : show(v)) },
  height: { label: 'Height', value: (v) => (typeof v === 'number' ? `${v} px` : show(v)) },
  photoIds: { label: 'Gallery order', changedOnly: true },
  meetingAddress: { label: 'Meeting point' },
  meetingMapUrl: { label: 'Map link', value: (v) => (v ? String(v) : 'none') },
  meetingTime: { label: 'Meeting time' },
  weather: { label: 'Weather', changedOnly: true },
  whatToBring: { label: 'What to bring', changedOnly: true },
  emergencyPhone: { label: 'Emergency phone' },
  subject: { label: 'Subject', value: (v) => `“${show(v)}”` },
  includesWaitlist: { label: 'Waiting list included', value: yesNo },
  recipients: { label: 'Recipients', value: (v) => (Array.isArray(v) ? v.join(', ') : show(v)) },
  // Personal data (docs/decisions/100-101): categories, never values.
  categories: { label: 'Erased', value: (v) => (Array.isArray(v) ? (v.length ? v.join(', ').replace(/_/g, ' ') : 'nothing held') : show(v)) },
  retentionDays: { label: 'Retention period', value: (v) => `${show(v)} days` },
  requestId: { label: 'Erasure' },
  auditEntries: { label: 'Earlier audit entries rewritten' },
  years: { label: 'Accounting period', value: (v) => `${show(v)} years` },
  // Promo codes (api/src/promo/promo.service.ts, docs/decisions/096).
  code: { label: 'Promo code' },
  discountKind: { label: 'Discount', value: words({ percent: 'percentage', fixed: 'fixed amount' }) },
  percentOff: { label: 'Percent off', value: (v) => (v === null || v === undefined ? '–' : `${show(v)}%`) },
  amountOffCents: { label: 'Amount off', value: (v) => (typeof v === 'number' ? money(v) : '–') },
  workshopIds: { label: 'Workshops', value: (v) => (Array.isArray(v) && v.length ? v.join(', ') : 'all') },
  validFrom: { label: 'Valid from' },
  validUntil: { label: 'Valid until' },
  // A credit's validity (five years, docs/decisions/095): the day is enough.
  expiresAt: { label: 'Valid until', value: (v) => (typeof v === 'string' ? v.slice(0, 10) : show(v)) },
  maxUses: { label: 'Uses allowed' },
  maxUsesPerEmail: { label: 'Uses per email' },
  minParticipants: { label: 'Fewest participants' },
  paused: { label: 'Paused', value: yesNo },
  subtotalCents: { label: 'Price before discount', value: money },
  discountCents: { label: 'Discount', value: money },
};

/** Identifiers: shown by the entry's own columns or not useful to the admin. */
const HIDDEN = new Set(['refundId', 'creditId', 'id', 'messageId', 'promoCodeId']);

function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '–';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function parse(text: string | null | undefined): Json | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const REFUND_METHOD_WORDS: Record<string, string> = { card: 'to card', offline: 'to pay back by hand', credit: 'as a credit' };

/** "Refund of $400 to card", "Refund of $150 to pay back by hand (owed: to pay back by hand)". */
export function describeRefund(r: Json): string {
  const amount = typeof r.amountCents === 'number' ? formatCents(r.amountCents) : '?';
  const how = typeof r.method === 'string' ? (REFUND_METHOD_WORDS[r.method] ?? `by ${r.method}`) : '';
  const state = typeof r.state === 'string' && !['pending', 'processing', 'succeeded'].includes(r.state) ? ` (${REFUND_STATE_WORDS[r.state] ?? r.state})` : '';
  return `Refund of ${amount}${how ? ` ${how}` : ''}${state}`;
}

function valueOf(key: string, v: unknown): string {
  return FIELDS[key]?.value?.(v) ?? show(v);
}

/** `state` is a refund's or a credit's: named after what the entry is about. */
function stateLabel(before: Json | null, after: Json | null): string {
  if (after?.creditId ?? before?.creditId) return 'Credit';
  if (after?.promoCodeId ?? before?.promoCodeId) return 'Promo code use';
  if (after?.refundId ?? before?.refundId) return 'Refund';
  return 'State';
}

/**
 * The entry's changes in words, one line each: "Amount paid $0 → $10,990" for a
 * field before and after, "Total $2,495" for one recorded on one side only, the
 * refunds as "Refund of $400 to card".
 */
export function describeChanges(entry: { before?: string | null; after?: string | null }): string[] {
  const before = parse(entry.before);
  const after = parse(entry.after);
  const lines: string[] = [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const key of keys) {
    if (HIDDEN.has(key)) continue;
    if (key === 'refunds') {
      const refunds = (after?.refunds ?? before?.refunds) as unknown;
      if (Array.isArray(refunds)) for (const r of refunds) if (r && typeof r === 'object') lines.push(describeRefund(r as Json));
      continue;
    }
    const inBefore = before !== null && key in before;
    const inAfter = after !== null && key in after;
    const field = key === 'state' ? { ...FIELDS.state, label: stateLabel(before, after) } : FIELDS[key];
    if (inBefore && inAfter) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      lines.push(field?.changedOnly ? `${field.label} changed` : `${field?.label ?? `${key}:`} ${valueOf(key, before[key])} → ${valueOf(key, after[key])}`);
    } else {
      const v = inAfter ? after![key] : before![key];
      lines.push(field?.changedOnly ? `${field.label} set` : `${field?.label ?? `${key}:`} ${valueOf(key, v)}`);
    }
  }
  return lines;
}

/** The raw before/after as the api wrote them, for the admin who wants the exact record. */
export function rawChanges(entry: { before?: string | null; after?: string | null }): string {
  const pretty = (text: string | null | undefined) => {
    const value = parse(text);
    return value ? JSON.stringify(value, null, 2) : (text ?? '–');
  };
  return `Before: ${pretty(entry.before)}\nAfter: ${pretty(entry.after)}`;
}
