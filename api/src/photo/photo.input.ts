import { Field, ID, InputType } from 'type-graphql';
import { ArrayMaxSize, IsArray, IsEnum, IsNotEmpty, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { NoControlChars, OptionalText, RequiredText } from '../infrastructure/text';
import { MAX_ALT_TEXT_LENGTH, MAX_CAPTION_LENGTH, MAX_GALLERY_PHOTOS, PhotoKind, WORKSHOP_PHOTO_KINDS } from './photo.types';

/** The fields of an upload (the file itself travels beside them: multipart/form-data, REST only). */
export class UploadPhotoInput {
  @IsEnum(PhotoKind, { message: `kind must be one of ${Object.values(PhotoKind).join(', ')}` })
  kind: PhotoKind;

  /** Required for a workshop cover or gallery photograph; refused for the others. */
  @ValidateIf((o: UploadPhotoInput) => WORKSHOP_PHOTO_KINDS.has(o.kind) || o.workshopId !== undefined)
  @IsString({ message: 'workshopId must be a string' })
  @IsNotEmpty({ message: 'workshopId is required for a workshop cover or gallery photograph' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId?: string;

  @OptionalText(MAX_CAPTION_LENGTH)
  caption?: string;

  @RequiredText(MAX_ALT_TEXT_LENGTH)
  altText: string;
}

@InputType({ description: "A photograph's caption and alt text." })
export class UpdatePhotoInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'photoId must be a photo id' })
  photoId: string;

  @Field({ description: `Shown under the photograph in a gallery; may be empty (at most ${MAX_CAPTION_LENGTH} characters).` })
  @IsString({ message: 'caption must be a string' })
  @MaxLength(MAX_CAPTION_LENGTH, { message: `caption must be at most ${MAX_CAPTION_LENGTH} characters` })
  @NoControlChars()
  caption: string;

  @Field({ description: `What the photograph shows (required, at most ${MAX_ALT_TEXT_LENGTH} characters).` })
  @RequiredText(MAX_ALT_TEXT_LENGTH)
  altText: string;
}

@InputType({ description: "A workshop gallery's photographs in their new order: every one of them, each once." })
export class ReorderPhotosInput {
  @Field(() => ID)
  @IsString({ message: 'workshopId must be a string' })
  @IsNotEmpty({ message: 'workshopId is required' })
  @MaxLength(64, { message: 'workshopId must be at most 64 characters' })
  workshopId: string;

  @Field(() => [ID])
  @IsArray({ message: 'photoIds must be a list of photo ids' })
  @ArrayMaxSize(MAX_GALLERY_PHOTOS, { message: `photoIds must have at most ${MAX_GALLERY_PHOTOS} ids` })
  @IsUUID('all', { each: true, message: 'photoIds must be a list of photo ids' })
  photoIds: string[];
}

@InputType({ description: 'The photograph to delete (its renderings are removed from storage).' })
export class DeletePhotoInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'photoId must be a photo id' })
  photoId: string;
}
