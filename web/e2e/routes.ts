/** Every route of the spec (section 2), with sample ids, for the cross-route e2e checks. */
export const ALL_ROUTES = [
  '/',
  '/workshops',
  '/workshop/zion-canyon-light',
  '/workshop/zion-canyon-light/community',
  '/booking/zion-canyon-light',
  '/confirmation/no-such-booking',
  // Without a session_id the page sends the visitor to /workshops (spec section 2).
  '/payment-success',
  '/admin',
  '/admin/dashboard',
  '/about-instructor',
  '/equipment',
  '/about-us',
  '/contact',
  '/faq',
  '/testimonials',
  '/privacy-policy',
  '/terms',
  '/cancellation-policy',
] as const;

/** Routes a visitor reaches without signing in or booking: the accessibility audit runs on these. */
export const PUBLIC_ROUTES = [
  '/',
  '/workshops',
  '/workshop/zion-canyon-light',
  '/workshop/alaska-bears-glaciers',
  '/workshop/zion-canyon-light/community',
  '/booking/zion-canyon-light',
  '/about-instructor',
  '/equipment',
  '/about-us',
  '/contact',
  '/faq',
  '/testimonials',
  '/privacy-policy',
  '/terms',
  '/cancellation-policy',
] as const;

/** Text of the skeleton's placeholder for screens other issues deliver. */
export const PLACEHOLDER_TEXT = 'This page is coming soon.';
