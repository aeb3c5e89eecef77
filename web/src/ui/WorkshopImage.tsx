import { useEffect, useRef, useState } from 'react';
import type { Picture_PhotoFragment } from '../gql/graphql';
import { Picture } from './Picture';

interface Props {
  src: string;
  alt: string;
  className?: string;
  width: number;
  height: number;
  /** The largest image above the fold loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  sizes: string;
  /** The cover the admin uploaded; when set it is shown instead of `src` (with its own alt text). */
  photo?: Picture_PhotoFragment | null;
}

/** A workshop photograph; a broken image is hidden (spec section 3). */
export function WorkshopImage({ src, alt, className, width, height, priority = false, sizes, photo }: Props) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered image may have failed before React attached its error handler.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && el.currentSrc) setBroken(true);
  }, [src, photo?.id]);
  if (broken || (!src && !photo)) return null;
  return (
    <Picture
      src={src}
      photo={photo}
      alt={photo ? photo.altText : alt}
      className={className}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      onError={() => setBroken(true)}
      imgRef={img}
    />
  );
}
