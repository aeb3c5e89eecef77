/** Gift card rules the page and the server share (docs/decisions/094). */
export const GIFT_CARD_RULES = {
  /** Whole US dollars a card may be bought for. */
  minDollars: 100,
  maxDollars: 5000,
  /** A card is usable this long after its purchase or issue. */
  validYears: 5,
  /** Delivery dates ("today or later") are days in this zone: the office's (Pacific). */
  timeZone: 'America/Los_Angeles',
} as const;
