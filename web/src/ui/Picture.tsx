import { preload } from 'react-dom';
import type { Ref } from 'react';
import images from './responsive-images.json';

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
}

/**
 * A picture with explicit dimensions: for a shipped illustration, AVIF and WebP
 * sources plus a JPEG fallback at several widths; any other address (e.g. a photo
 * URL the admin set) as a plain <img>. Below the fold it loads lazily.
 */
export function Picture({ src, alt, width, height, sizes, className, priority = false, onError, imgRef }: PictureProps) {
  const g = generatedImage(src);
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
