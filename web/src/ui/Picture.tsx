import { preload } from 'react-dom';
import type { Ref } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Picture_PhotoFragment } from '../gql/graphql';
import images from './responsive-images.json';

/** An uploaded photograph's renderings (docs/decisions/077): AVIF, WebP and JPEG srcsets at several widths. */
export const PICTURE_PHOTO_FRAGMENT: TypedDocumentNode<Picture_PhotoFragment> = gql`
  fragment Picture_photo on Photo {
    id
    src
    width
    height
    altText
    caption
    sources {
      type
      srcSet
    }
  }
`;

interface Generated {
  base: string;
  width: number;
  height: number;
  widths: number[];
}

const GENERATED: Record<string, Generated> = images;

/** The build-time renderings of a shipped illustration (web/scripts/make-responsive-images.mjs), or null. */
export function generatedImage(src: string): Generated | null {
  return GENERATED[src] ?? null;
}

const srcSet = (g: Generated, ext: string) => g.widths.map((w) => `${g.base}-${w}.${ext} ${w}w`).join(', ');

export interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** CSS width of the image per viewport (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** The largest picture above the fold: preloaded (in the server's <head>) and fetched with high priority. */
  priority?: boolean;
  onError?: () => void;
  imgRef?: Ref<HTMLImageElement>;
  /** An uploaded photograph: drawn from its own renderings instead of `src`. */
  photo?: Picture_PhotoFragment | null;
}

/**
 * A picture with explicit dimensions: for a shipped illustration, AVIF and WebP
 * sources plus a JPEG fallback at several widths; any other address (e.g. a photo
 * URL the admin set) as a plain <img>. Below the fold it loads lazily.
 */
export function Picture({ src, alt, width, height, sizes, className, priority = false, onError, imgRef, photo }: PictureProps) {
  const g = photo ? null : generatedImage(src);
  const common = {
    alt,
    width,
    height,
    className,
    onError,
    ref: imgRef,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : ('auto' as const),
    decoding: priority ? ('auto' as const) : ('async' as const),
  };
  if (photo) {
    const best = photo.sources[0];
    // The server render puts this in <head> with its srcset and sizes: the browser fetches the right width first.
    if (priority && best) preload(photo.src, { as: 'image', type: best.type, imageSrcSet: best.srcSet, imageSizes: sizes, fetchPriority: 'high' });
    const jpeg = photo.sources.find((x) => x.type === 'image/jpeg');
    return (
      <picture>
        {photo.sources
          .filter((x) => x !== jpeg)
          .map((x) => (
            <source key={x.type} type={x.type} srcSet={x.srcSet} sizes={sizes} />
          ))}
        <img src={photo.src} srcSet={jpeg?.srcSet} sizes={sizes} {...common} />
      </picture>
    );
  }
  if (!g) return <img src={src} {...common} />;
  // Browsers that take AVIF (all current ones) use this preload; others ignore it by type.
  if (priority) preload(`${g.base}-${g.widths[0]}.avif`, { as: 'image', type: 'image/avif', imageSrcSet: srcSet(g, 'avif'), imageSizes: sizes, fetchPriority: 'high' });
  const fallback = g.widths.find((w) => w >= 800) ?? g.widths[g.widths.length - 1];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(g, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(g, 'webp')} sizes={sizes} />
      <img src={`${g.base}-${fallback}.jpg`} srcSet={srcSet(g, 'jpg')} sizes={sizes} {...common} />
    </picture>
  );
}
