import { useRef, useState, type KeyboardEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WorkshopGallery_PhotoFragment } from '../gql/graphql';
import { Picture, PICTURE_PHOTO_FRAGMENT } from '../ui/Picture';

export const WORKSHOP_GALLERY_FRAGMENT: TypedDocumentNode<WorkshopGallery_PhotoFragment> = gql`
  fragment WorkshopGallery_photo on Photo {
    id
    caption
    ...Picture_photo
  }
  ${PICTURE_PHOTO_FRAGMENT}
`;

/**
 * A workshop's gallery: one photograph at a time in a scroll-snapping strip
 * (a finger swipes it natively), the arrow keys and the Previous/Next buttons
 * step through it, Home and End jump to the ends. Below the fold, so every
 * picture loads lazily.
 */
export function WorkshopGallery({ photos, name }: { photos: ReadonlyArray<WorkshopGallery_PhotoFragment>; name: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (photos.length === 0) return null;
  const last = photos.length - 1;

  const show = (i: number) => {
    const next = Math.max(0, Math.min(last, i));
    setIndex(next);
    const el = strip.current;
    // Smooth unless the visitor asked for less motion.
    const smooth = typeof window.matchMedia === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  };
  // A swipe (or a scroll bar drag) moves the strip itself: follow it.
  const onScroll = () => {
    const el = strip.current;
    if (el && el.clientWidth > 0) setIndex(Math.max(0, Math.min(last, Math.round(el.scrollLeft / el.clientWidth))));
  };

  return (
    <section className="gallery" aria-labelledby="gallery-heading">
      <h2 id="gallery-heading">Gallery</h2>
      <div
        ref={strip}
        className="gallery__strip"
        tabIndex={0}
        role="region"
        aria-roledescription="carousel"
        aria-label={`Photographs from ${name}: use the arrow keys to move`}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {photos.map((p, i) => (
          <figure key={p.id} className="gallery__slide" aria-roledescription="slide" aria-label={`${i + 1} of ${photos.length}`} aria-hidden={i !== index}>
            <Picture src={p.src} photo={p} alt={p.altText} width={p.width} height={p.height} sizes="(min-width: 1100px) 720px, 100vw" className="gallery__image" />
            {p.caption ? <figcaption className="gallery__caption">{p.caption}</figcaption> : null}
          </figure>
        ))}
      </div>
      {photos.length > 1 ? (
        <div className="gallery__controls">
          <button type="button" className="btn btn--outline gallery__button" onClick={() => show(index - 1)} disabled={index === 0}>
            <span aria-hidden="true">←</span> Previous
          </button>
          <p className="gallery__status" aria-live="polite" data-testid="gallery-status">
            {index + 1} of {photos.length}
          </p>
          <button type="button" className="btn btn--outline gallery__button" onClick={() => show(index + 1)} disabled={index === last}>
            Next <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
