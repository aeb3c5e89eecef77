import { AUDIT_ACTIONS, type AuditAction } from 'api/shared/audit-actions';
import { describeChanges, describeRefund, rawChanges } from './activityDescriber';

const entry = (before: object | null, after: object | null) => ({ before: before && JSON.stringify(before), after: after && JSON.stringify(after) });

/**
 * One entry per audit action, with the before/after its writer records
 * (api: money-audit-trail.ts, admin-money.service.ts, offline-payments.ts,
 * workshop-editor.service.ts, admin.service.ts, credits.service.ts,
 * workshop-cancellation-reactions.ts), and what the admin reads.
 */
const CASES: Record<AuditAction, { before: object | null; after: object | null; lines: string[] }> = {
  'admin.login_succeeded': { before: null, after: null, lines: [] },
  'admin.login_failed': { before: null, after: null, lines: [] },
  'admin.second_factor_succeeded': { before: null, after: null, lines: [] },
  'admin.second_factor_failed': { before: null, after: null, lines: [] },
  'admin.factor_enrolled': { before: null, after: null, lines: [] },
  'admin.factor_removed': { before: null, after: null, lines: [] },
  'admin.recovery_codes_created': { before: null, after: null, lines: [] },
  'admin.session_ended': { before: null, after: null, lines: [] },
  'workshop.created': {
    before: null,
    after: { name: 'Zion Canyon Light & Slot Canyons', startDate: '2027-04-13', endDate: '2027-04-18', capacity: 12, priceCents: 549500 },
    lines: ['Name Zion Canyon Light & Slot Canyons', 'Start date April 13, 2027', 'End date April 18, 2027', 'Capacity 12', 'Price $5,495'],
  },
  'workshop.updated': {
    before: { priceCents: 549500, description: 'Old words', minimumParticipants: 6 },
    after: { priceCents: 579500, description: 'New words', minimumParticipants: 5 },
    lines: ['Price $5,495 → $5,795', 'Description changed', 'Minimum to run 6 → 5'],
  },
  'workshop.cancelled': {
    before: { cancelledAt: null, liveBookings: 3 },
    after: { cancelledAt: '2026-11-20T15:00:00.000Z', bookingsCancelled: 3, onlineRefundCents: 1099000, offlineRefundCents: 40000, waitlistClosed: 2, refundsDueAt: '2026-12-04T15:00:00.000Z' },
    lines: [
      `Cancelled no → ${new Date('2026-11-20T15:00:00.000Z').toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`,
      'Live bookings 3',
      'Bookings cancelled 3',
      'Refunded to cards $10,990',
      'Owed to pay back by hand $400',
      'Waiting-list entries closed 2',
      `Refunds due by ${new Date('2026-12-04T15:00:00.000Z').toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`,
    ],
  },
  'workshop.photo_changed': { before: { imageUrl: null }, after: { imageUrl: '/photos/zion.jpg' }, lines: ['Photo none → /photos/zion.jpg'] },
  'photo.uploaded': {
    before: null,
    after: { id: 'p-1', kind: 'workshop_cover', altText: 'The Narrows at dawn', width: 2400, height: 1600 },
    lines: ['Shown as workshop cover', 'Alt text “The Narrows at dawn”', 'Width 2400 px', 'Height 1600 px'],
  },
  'photo.edited': {
    before: { caption: '', altText: 'Canyon' },
    after: { caption: 'Wading the Narrows', altText: 'Hikers in the river' },
    lines: ['Caption none → “Wading the Narrows”', 'Alt text “Canyon” → “Hikers in the river”'],
  },
  'photo.reordered': { before: { photoIds: ['a', 'b', 'c'] }, after: { photoIds: ['c', 'a', 'b'] }, lines: ['Gallery order changed'] },
  'photo.deleted': { before: { id: 'p-1', kind: 'home_hero', altText: 'Sunrise' }, after: null, lines: ['Shown as home page hero', 'Alt text “Sunrise”'] },
  'booking.payment_recorded': {
    before: { status: 'held', paymentStatus: 'pending', amountPaidCents: 0, totalCents: 1099000 },
    after: { status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 1099000, totalCents: 1099000 },
    lines: ['Booking status Reserved, awaiting payment → Confirmed', 'Payment status Pending → Paid', 'Amount paid $0 → $10,990'],
  },
  'booking.cancelled': {
    before: { status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 549500, amountRefundedCents: 0 },
    after: {
      status: 'cancelled',
      paymentStatus: 'partially_refunded',
      amountPaidCents: 549500,
      amountRefundedCents: 40000,
      refunds: [{ refundId: 'r-1', amountCents: 40000, method: 'card', state: 'pending', reason: 'cancellation' }],
    },
    lines: ['Booking status Confirmed → Cancelled', 'Payment status Paid → Partly refunded', 'Amount refunded $0 → $400', 'Refund of $400 to card'],
  },
  'booking.transferred': {
    before: { workshopId: 'zion-canyon-light-2026' },
    after: { workshopId: 'zion-canyon-light-2027', totalCents: 579500, feeCents: 10000, refundCapCents: null, refunds: [] },
    lines: ['Workshop zion-canyon-light-2026 → zion-canyon-light-2027', 'Total $5,795', 'Fees kept $100', 'Refund limit –'],
  },
  'refund.issued': {
    before: { amountRefundedCents: 0 },
    after: { amountRefundedCents: 40000, refunds: [{ refundId: 'r-2', amountCents: 40000, method: 'card', state: 'pending', reason: 'admin' }] },
    lines: ['Amount refunded $0 → $400', 'Refund of $400 to card'],
  },
  'refund.marked_done': { before: { refundId: 'r-3', state: 'owed' }, after: { refundId: 'r-3', state: 'done' }, lines: ['Refund owed: to pay back by hand → paid back'] },
  'payment.received': {
    before: { amountPaidCents: 0, status: 'held' },
    after: { amountPaidCents: 109900, status: 'confirmed', paymentStatus: 'deposit_paid' },
    lines: ['Amount paid $0 → $1,099', 'Booking status Reserved, awaiting payment → Confirmed', 'Payment status Deposit paid'],
  },
  'credit.issued': { before: null, after: { creditId: 'c-1', amountCents: 549500, state: 'issued', expiresAt: '2031-01-15T12:00:00.000Z' }, lines: ['Amount $5,495', 'Credit issued', 'Valid until 2031-01-15'] },
  // A credit is a balance spent in parts (docs/decisions/095 amendment), written as a gift card's use is.
  'credit.used': {
    before: { creditId: 'c-1', balanceCents: 549500 },
    after: { creditId: 'c-1', balanceCents: 100000, spentCents: 449500, status: 'confirmed', paymentStatus: 'paid' },
    lines: ['Balance $5,495 → $1,000', 'Spent $4,495', 'Booking status Confirmed', 'Payment status Paid'],
  },
  'promo.created': {
    before: null,
    after: { promoCodeId: 'p-1', code: 'SPRING25', discountKind: 'percent', percentOff: 25, amountOffCents: null, workshopIds: [], validFrom: null, validUntil: null, maxUses: 50, maxUsesPerEmail: 1, minParticipants: 1 },
    lines: ['Promo code SPRING25', 'Discount percentage', 'Percent off 25%', 'Amount off –', 'Workshops all', 'Valid from –', 'Valid until –', 'Uses allowed 50', 'Uses per email 1', 'Fewest participants 1'],
  },
  'promo.paused': { before: { promoCodeId: 'p-1', paused: false }, after: { promoCodeId: 'p-1', paused: true }, lines: ['Paused no → yes'] },
  'promo.resumed': { before: { promoCodeId: 'p-1', paused: true }, after: { promoCodeId: 'p-1', paused: false }, lines: ['Paused yes → no'] },
  'promo.used': { before: null, after: { promoCodeId: 'p-1', code: 'SPRING25', subtotalCents: 500000, discountCents: 125000, totalCents: 375000 }, lines: ['Promo code SPRING25', 'Price before discount $5,000', 'Discount $1,250', 'Total $3,750'] },
  'promo.returned': { before: { promoCodeId: 'p-1', state: 'active' }, after: { promoCodeId: 'p-1', state: 'returned' }, lines: ['Promo code use Active → Returned'] },
  'message.deleted': {
    before: { id: 'm-1', authorName: 'Ada', authorEmail: 'ada@example.com', topic: 'general', message: 'See you there', createdAt: '2026-11-01T10:00:00.000Z' },
    after: null,
    lines: [
      'Author Ada',
      'Author email ada@example.com',
      'Topic general',
      'Message “See you there”',
      `Posted ${new Date('2026-11-01T10:00:00.000Z').toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`,
    ],
  },
  'review.published': { before: { reviewStatus: 'pending' }, after: { reviewStatus: 'published' }, lines: ['Review waiting for the admin → published'] },
  'review.hidden': { before: { reviewStatus: 'published' }, after: { reviewStatus: 'hidden' }, lines: ['Review published → hidden'] },
  'review.replied': { before: { reply: null }, after: { reply: 'Thank you!' }, lines: ['Public answer none → “Thank you!”'] },
  'waiver.version_saved': { before: null, after: { version: 2, contentHash: 'ab12' }, lines: ['Waiver version 2', 'Waiver text SHA-256 ab12'] },
  'departure.know_before_you_go_changed': {
    before: { meetingAddress: 'Old place', meetingMapUrl: null, meetingTime: '07:00', weather: 'Cold', whatToBring: 'Hat', emergencyPhone: '+1 435 555 0100' },
    after: { meetingAddress: '1 Zion Park Blvd', meetingMapUrl: null, meetingTime: '07:30', weather: 'Warm', whatToBring: 'Hat', emergencyPhone: '+1 435 555 0100' },
    lines: ['Meeting point Old place → 1 Zion Park Blvd', 'Meeting time 07:00 → 07:30', 'Weather changed'],
  },
  'departure.message_sent': {
    before: null,
    after: { messageId: 'm-1', subject: 'Snow on the pass', includesWaitlist: false, recipients: ['ann@example.com', 'bo@example.com'] },
    lines: ['Subject “Snow on the pass”', 'Waiting list included no', 'Recipients ann@example.com, bo@example.com'],
  },
  'departure.know_before_you_go_missing': { before: null, after: null, lines: [] },
  'privacy.trip_data_erased': {
    before: null,
    after: { categories: ['health', 'emergency_contact'], retentionDays: 90 },
    lines: ['Erased health, emergency contact', 'Retention period 90 days'],
  },
  'privacy.customer_exported': { before: null, after: { bookings: 2 }, lines: ['bookings: 2'] },
  'privacy.customer_erased': { before: null, after: { requestId: 'a1b2c3d4', auditEntries: 3 }, lines: ['Erasure a1b2c3d4', 'Earlier audit entries rewritten 3'] },
  'privacy.accounting_erased': { before: null, after: { requestId: 'b2c3d4e5', years: 7, auditEntries: 4, credits: 0 }, lines: ['Erasure b2c3d4e5', 'Accounting period 7 years', 'Earlier audit entries rewritten 4', 'credits: 0'] },
  'gift_card.purchased': { before: null, after: { giftCardId: 'g-1', amountCents: 100000, balanceCents: 100000, providerPaymentId: 'pi_1' }, lines: ['Gift card g-1', 'Amount $1,000', 'Balance $1,000', 'Stripe payment pi_1'] },
  'gift_card.delivered': { before: null, after: { giftCardId: 'g-1' }, lines: ['Gift card g-1'] },
  'gift_card.used': { before: { giftCardId: 'g-1', balanceCents: 100000 }, after: { giftCardId: 'g-1', balanceCents: 13150, spentCents: 86850 }, lines: ['Balance $1,000 → $131.50', 'Spent $868.50'] },
  'gift_card.returned': { before: null, after: { giftCardId: 'g-1', returnedCents: 86850 }, lines: ['Gift card g-1', 'Given back to the card $868.50'] },
  'gift_card.issued': { before: null, after: { giftCardId: 'g-1', amountCents: 50000 }, lines: ['Gift card g-1', 'Amount $500'] },
  'gift_card.voided': { before: { giftCardId: 'g-1', state: 'active', balanceCents: 50000 }, after: { giftCardId: 'g-1', state: 'void', balanceCents: 0 }, lines: ['State Active → Void', 'Balance $500 → $0'] },
  'gift_card.refunded': { before: { giftCardId: 'g-1', balanceCents: 20000 }, after: { giftCardId: 'g-1', state: 'refunded', refundedCents: 20000 }, lines: ['Balance $200', 'State Refunded', 'Refunded $200'] },
};

describe('the activity log in the admin’s words', () => {
  it.each(AUDIT_ACTIONS.map((a) => [a]))('describes %s', (action) => {
    const c = CASES[action];
    expect(describeChanges(entry(c.before, c.after))).toEqual(c.lines);
  });

  it('describes refunds by method and a state the admin must act on', () => {
    expect(describeRefund({ amountCents: 40000, method: 'card', state: 'succeeded' })).toBe('Refund of $400 to card');
    expect(describeRefund({ amountCents: 15050, method: 'offline', state: 'owed' })).toBe('Refund of $150.50 to pay back by hand (owed: to pay back by hand)');
    expect(describeRefund({ amountCents: 40000, method: 'card', state: 'failed' })).toBe('Refund of $400 to card (failed)');
  });

  it('names a field it does not know by its key, and leaves unchanged fields out', () => {
    expect(describeChanges(entry({ a: 1, b: 2 }, { a: 1, b: 3 }))).toEqual(['b: 2 → 3']);
    expect(describeChanges({ before: 'not json', after: null })).toEqual([]);
  });

  it('keeps the raw record, pretty-printed', () => {
    expect(rawChanges(entry({ amountPaidCents: 0 }, { amountPaidCents: 1099000 }))).toBe('Before: {\n  "amountPaidCents": 0\n}\nAfter: {\n  "amountPaidCents": 1099000\n}');
    expect(rawChanges({ before: null, after: null })).toBe('Before: –\nAfter: –');
  });
});
