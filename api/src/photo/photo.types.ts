import { registerEnumType } from 'type-graphql';

/** Where a photograph is shown. Covers and galleries belong to one workshop run; the others to the site. */
export enum PhotoKind {
  workshop_cover = 'workshop_cover',
  workshop_gallery = 'workshop_gallery',
  instructor_portrait = 'instructor_portrait',
  home_hero = 'home_hero',
}
registerEnumType(PhotoKind, { name: 'PhotoKind', description: 'Where a photograph is shown: a workshop cover or gallery, the instructor portrait, the home hero.' });

/** The kinds that belong to a workshop run (a workshopId is required and kept). */
export const WORKSHOP_PHOTO_KINDS: ReadonlySet<PhotoKind> = new Set([PhotoKind.workshop_cover, PhotoKind.workshop_gallery]);

/** The kinds of which there is one at a time: a new one replaces the old (which is deleted). */
export const SINGLE_PHOTO_KINDS: ReadonlySet<PhotoKind> = new Set([PhotoKind.workshop_cover, PhotoKind.instructor_portrait, PhotoKind.home_hero]);

/** The widths rendered (each only up to the original's width: never upscaled). */
export const PHOTO_WIDTHS = [480, 960, 1600, 2400] as const;

/** The encodings rendered at every width, best first (the <picture> sources' order). */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
export const PHOTO_EXTENSIONS: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** Default largest upload (PHOTO_MAX_BYTES overrides it): a full-size camera JPEG or HEIC fits. */
export const DEFAULT_PHOTO_MAX_BYTES = 25 * 1024 * 1024;

/** Longest caption and alt text. */
export const MAX_CAPTION_LENGTH = 300;
export const MAX_ALT_TEXT_LENGTH = 300;

/** At most this many gallery photographs per workshop run. */
export const MAX_GALLERY_PHOTOS = 40;

/** Uploads per client in 10 minutes: resizing is CPU work (about a second a photo on one core). */
export const PHOTO_UPLOAD_RATE_LIMIT = { name: 'photo uploads', limit: 60, windowMs: 10 * 60_000 };

/** Longest time an upload may take once received (decoding and every rendering), instead of the API's 10 s. */
export const PHOTO_UPLOAD_TIMEOUT_MS = 120_000;
