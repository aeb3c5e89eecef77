/**
 * What the audit log records (docs/decisions/060): the actions and who can do
 * them. Shared with the web (the Activity tab's filter) as `api/shared/audit-actions`.
 * A new kind of entry is one line here; the schema does not change (actions
 * travel as strings, validated against this list).
 */
export const AUDIT_ACTIONS = [
  'admin.login_succeeded',
  'admin.login_failed',
  'admin.second_factor_succeeded',
  'admin.second_factor_failed',
  'admin.factor_enrolled',
  'admin.factor_removed',
  'admin.recovery_codes_created',
  'admin.session_ended',
  'workshop.created',
  'workshop.updated',
  'workshop.cancelled',
  'workshop.photo_changed',
  'photo.uploaded',
  'photo.edited',
  'photo.reordered',
  'photo.deleted',
  'booking.payment_recorded',
  'booking.cancelled',
  'booking.transferred',
  'refund.issued',
  'refund.marked_done',
  'payment.received',
  'credit.issued',
  'credit.used',
  'message.deleted',
  'review.published',
  'review.hidden',
  'review.replied',
  'waiver.version_saved',
  'departure.know_before_you_go_changed',
  'departure.message_sent',
  'gift_card.purchased',
  'gift_card.delivered',
  'gift_card.used',
  'gift_card.returned',
  'gift_card.issued',
  'gift_card.voided',
  'gift_card.refunded',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Who did it: the admin, a customer (by email) or the system (webhooks, sweeps, jobs). */
export const ACTOR_TYPES = ['admin', 'customer', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** How the Activity tab names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'admin.login_succeeded': 'Admin signed in',
  'admin.login_failed': 'Admin sign-in failed',
  'admin.second_factor_succeeded': 'Admin second factor accepted',
  'admin.second_factor_failed': 'Admin second factor refused',
  'admin.factor_enrolled': 'Second factor enrolled',
  'admin.factor_removed': 'Second factor removed',
  'admin.recovery_codes_created': 'Recovery codes made',
  'admin.session_ended': 'Admin session ended',
  'workshop.created': 'Workshop created',
  'workshop.updated': 'Workshop edited',
  'workshop.cancelled': 'Workshop cancelled',
  'workshop.photo_changed': 'Workshop photo changed',
  'photo.uploaded': 'Photo uploaded',
  'photo.edited': 'Photo caption or alt text edited',
  'photo.reordered': 'Gallery reordered',
  'photo.deleted': 'Photo deleted',
  'booking.payment_recorded': 'Payment recorded by the admin',
  'booking.cancelled': 'Booking cancelled',
  'booking.transferred': 'Booking transferred',
  'refund.issued': 'Refund issued',
  'refund.marked_done': 'Refund marked done',
  'payment.received': 'Payment received',
  'credit.issued': 'Credit issued',
  'credit.used': 'Credit used',
  'message.deleted': 'Message deleted',
  'review.published': 'Review published',
  'review.hidden': 'Review hidden',
  'review.replied': 'Review answered',
  'waiver.version_saved': 'Waiver text saved (new version)',
  'departure.know_before_you_go_changed': 'Know before you go edited',
  'departure.message_sent': 'Message sent to a departure',
  'gift_card.purchased': 'Gift card bought',
  'gift_card.delivered': 'Gift card delivered',
  'gift_card.used': 'Gift card used',
  'gift_card.returned': 'Gift card amount given back',
  'gift_card.issued': 'Gift card issued by the admin',
  'gift_card.voided': 'Gift card voided',
  'gift_card.refunded': 'Gift card purchase refunded',
};
