/**
 * The image social networks show for a page. They do not display SVG, so a
 * shipped workshop illustration maps to its JPEG rendering in /images/og/
 * (web/scripts/make-og-images.mjs); any other address is used as it is.
 */
export function shareImage(imageUrl: string): string {
  const shipped = /^\/images\/workshops\/([\w-]+)\.svg$/.exec(imageUrl);
  return shipped ? `/images/og/${shipped[1]}.jpg` : imageUrl;
}

export const DEFAULT_SHARE_IMAGE = '/images/og/hero.jpg';
