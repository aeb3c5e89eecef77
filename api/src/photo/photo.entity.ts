import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { PHOTO_CONTENT_TYPES, PHOTO_EXTENSIONS, PHOTO_FORMATS, type PhotoFormat, PhotoKind } from './photo.types';

@ObjectType({ description: 'One encoding of a photograph at every width made: a <picture> <source>.' })
export class PhotoSource {
  @Field({ description: 'MIME type, e.g. image/avif.' })
  type: string;

  @Field({ description: 'The srcset attribute: "<url> 480w, <url> 960w, ...".' })
  srcSet: string;
}

const numberList = {
  to: (v: readonly number[]) => v.join(','),
  from: (v: string | null) => (v ? v.split(',').map(Number) : []),
};
const formatList = {
  to: (v: readonly string[]) => v.join(','),
  from: (v: string | null) => (v ? (v.split(',') as PhotoFormat[]) : []),
};

@ObjectType({ description: 'A photograph the admin uploaded, resized into responsive AVIF, WebP and JPEG widths (location data removed).' })
@Entity({ name: 'photos' })
// A workshop's photos in order; the site's by kind.
@Index('idx_photos_workshop', ['workshopId', 'kind', 'position'])
@Index('idx_photos_kind', ['kind', 'position'])
export class Photo {
  @Field(() => ID)
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Field(() => PhotoKind)
  @Column({ type: 'varchar', length: 32 })
  kind: PhotoKind;

  @Field(() => ID, { nullable: true, description: 'The workshop run of a cover or gallery photograph.' })
  @Column({ type: 'varchar', length: 64, nullable: true })
  workshopId: string | null;

  @Field(() => Int, { description: 'Place in its gallery, from 0.' })
  @Column({ type: 'int', default: 0 })
  position: number;

  @Field({ description: 'Shown under the photograph in a gallery; may be empty.' })
  @Column({ type: 'varchar', length: 300, default: '' })
  caption: string;

  @Field({ description: 'What the photograph shows, for people who cannot see it (required).' })
  @Column({ type: 'varchar', length: 300 })
  altText: string;

  @Field(() => Int, { description: 'Width in pixels of the largest rendering (the original, upright, never upscaled).' })
  @Column({ type: 'int' })
  width: number;

  @Field(() => Int, { description: 'Height in pixels of the largest rendering.' })
  @Column({ type: 'int' })
  height: number;

  @Field(() => [Int], { description: 'The widths rendered, ascending.' })
  @Column({ type: 'varchar', length: 64, transformer: numberList })
  widths: number[];

  /** The encodings rendered, best first. */
  @Column({ type: 'varchar', length: 32, transformer: formatList })
  formats: PhotoFormat[];

  /** Where the renderings are: `${baseUrl}-${width}.${ext}` (a site path on disk storage, the bucket's public URL on S3). */
  @Column({ type: 'varchar', length: 500 })
  baseUrl: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt: Date;

  /** The store's keys of every rendering (`<id>-<width>.<ext>`), to delete them. */
  renderingKeys(): string[] {
    return this.widths.flatMap((w) => this.formats.map((f) => `${this.id}-${w}.${PHOTO_EXTENSIONS[f]}`));
  }

  /** The URL of one rendering. */
  urlOf(width: number, format: PhotoFormat): string {
    return `${this.baseUrl}-${width}.${PHOTO_EXTENSIONS[format]}`;
  }

  @Field({ description: 'The JPEG fallback (<img src>): the rendering nearest 1600 px wide.' })
  get src(): string {
    const fallback = this.widths.find((w) => w >= 1600) ?? this.widths[this.widths.length - 1];
    return this.urlOf(fallback, 'jpeg');
  }

  @Field(() => [PhotoSource], { description: 'One srcset per encoding, best first (AVIF, WebP, JPEG).' })
  get sources(): PhotoSource[] {
    return PHOTO_FORMATS.filter((f) => this.formats.includes(f)).map((f) => ({ type: PHOTO_CONTENT_TYPES[f], srcSet: this.widths.map((w) => `${this.urlOf(w, f)} ${w}w`).join(', ') }));
  }
}
