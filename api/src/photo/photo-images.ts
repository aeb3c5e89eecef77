import sharp from 'sharp';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { PHOTO_CONTENT_TYPES, PHOTO_EXTENSIONS, PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from './photo.types';

/** The upload formats taken, by their content. */
export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** The ISO-BMFF brands of HEIC/HEIF still images (iPhones write heic; mif1 is the generic HEIF brand). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'heif']);

/**
 * The format of an upload by its first bytes (magic numbers), never by its
 * name or declared type: a renamed PDF or script is not a photograph.
 */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12))) return 'heic';
  return null;
}

export interface Rendering {
  key: string;
  width: number;
  format: PhotoFormat;
  contentType: string;
  body: Buffer;
}

export interface RenderedPhoto {
  width: number;
  height: number;
  widths: number[];
  formats: PhotoFormat[];
  renderings: Rendering[];
}

/** Largest picture decoded (pixels): a 100-megapixel camera; anything larger is refused, not decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

const unsupported = (message: string) => new AppError(ErrorCode.UNSUPPORTED_IMAGE, message, [{ field: 'file', message }]);

/** The widths to render for an original `width` px wide: the standard ones it reaches, plus its own when it is between two. */
export function widthsFor(width: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= width);
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  if (width < largest && !widths.includes(width)) widths.push(width);
  return widths;
}

/**
 * Decode an upload (JPEG, PNG, WebP, HEIC), turn it upright, and render it
 * at every width into AVIF, WebP and JPEG. Nothing of the original's metadata
 * is written (sharp drops EXIF, GPS location included, unless asked to keep it).
 * Throws UNSUPPORTED_IMAGE (field `file`) for anything else.
 */
export async function renderPhotoOrThrow(input: Buffer, keyBase: string): Promise<RenderedPhoto> {
  const format = sniffImageFormat(input);
  if (!format) throw unsupported('file must be a JPEG, PNG, HEIC or WebP photograph');
  const decoded = await decodeOrThrow(input, format);
  const { data, info } = decoded;
  const upright = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const widths = widthsFor(info.width);
  const renderings: Rendering[] = [];
  for (const width of widths) {
    const resized = await upright().resize({ width, withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
    const base = () => sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
    for (const f of PHOTO_FORMATS) {
      const encoder = base();
      const body =
        f === 'avif' ? await encoder.avif({ quality: 55, effort: 2 }).toBuffer() : f === 'webp' ? await encoder.webp({ quality: 80 }).toBuffer() : await encoder.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
      renderings.push({ key: `${keyBase}-${width}.${PHOTO_EXTENSIONS[f]}`, width, format: f, contentType: PHOTO_CONTENT_TYPES[f], body });
    }
  }
  return { width: info.width, height: info.height, widths, formats: [...PHOTO_FORMATS], renderings };
}

interface Decoded {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Pixels, upright (EXIF orientation applied), in sRGB; flattened to 3 channels unless the image has transparency. */
async function decodeOrThrow(input: Buffer, format: UploadFormat): Promise<Decoded> {
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch (e) {
    if (e instanceof Error && /pixel limit/i.test(e.message)) throw unsupported('file is larger than 100 megapixels');
    // sharp's prebuilt libvips reads HEIF with AV1 but not HEVC (the iPhone's HEIC): libheif's decoder does.
    if (format === 'heic') return decodeHeicOrThrow(input);
    throw unsupported(`file could not be read as a ${format.toUpperCase()} image`);
  }
}

async function decodeHeicOrThrow(input: Buffer): Promise<Decoded> {
  try {
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: input });
    if (image.width * image.height > MAX_INPUT_PIXELS) throw unsupported('file is larger than 100 megapixels');
    return { data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), info: { width: image.width, height: image.height, channels: 4 } };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unsupported('file could not be read as a HEIC image');
  }
}
