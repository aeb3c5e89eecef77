import { useLocation } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { DEFAULT_SHARE_IMAGE, shareImage } from './shareImage';
import { absoluteUrl, useOrigin } from '../ssr/ServerRenderContext';

interface Props {
  title: string;
  description?: string;
  /** Site-relative or absolute address of the share image (Open Graph). */
  image?: string;
  /** Open Graph type. */
  type?: 'website' | 'article';
}



/**
 * Title, description and Open Graph tags of a route. React 19 hoists these
 * into <head>, on the client and in server rendering alike, and removes them
 * when the route unmounts.
 */
export function PageMeta({ title, description, image = DEFAULT_SHARE_IMAGE, type = 'website' }: Props) {
  const { pathname } = useLocation();
  const origin = useOrigin();
  const absolute = (pathOrUrl: string) => absoluteUrl(origin, pathOrUrl);
  const full = title === BRAND.name ? title : `${title} | ${BRAND.name}`;
  return (
    <>
      <title>{full}</title>
      {description ? <meta name="description" content={description} /> : null}
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:url" content={absolute(pathname)} />
      <meta property="og:image" content={absolute(shareImage(image))} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
