import { useQuery } from '@apollo/client/react';
import { SITE_PHOTOS_QUERY } from '../home/sitePhotos';
import { Picture } from './Picture';

/**
 * The instructor's portrait: the photograph the admin uploaded, else the
 * illustration (whose alt text the caller gives).
 */
export function InstructorPortrait({ illustrationAlt, sizes, priority = false }: { illustrationAlt: string; sizes: string; priority?: boolean }) {
  const portrait = useQuery(SITE_PHOTOS_QUERY).data?.sitePhotos.portrait;
  return (
    <Picture
      key={portrait?.id ?? 'illustration'}
      src="/images/instructor.svg"
      photo={portrait}
      alt={portrait ? portrait.altText : illustrationAlt}
      width={800}
      height={1000}
      sizes={sizes}
      priority={priority}
      className={portrait ? 'portrait-photo' : undefined}
    />
  );
}

/** The home page's full-bleed hero: the photograph the admin uploaded, else the illustration (decorative). */
export function HeroPicture() {
  const hero = useQuery(SITE_PHOTOS_QUERY).data?.sitePhotos.hero;
  return (
    <Picture key={hero?.id ?? 'illustration'} className="hero__image" src="/images/hero.svg" photo={hero} alt={hero ? hero.altText : ''} width={1600} height={1000} sizes="100vw" priority />
  );
}
