import { Arg, Authorized, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { PhotoService } from '../../../photo/photo.service';
import { Photo } from '../../../photo/photo.entity';
import { DeletePhotoInput, ReorderPhotosInput, UpdatePhotoInput } from '../../../photo/photo.input';
import { Workshop } from '../../../workshop/workshop.entity';

@ObjectType({ description: "The site's own photographs; null until the admin sets one (the pages then show their illustration)." })
export class SitePhotos {
  @Field(() => Photo, { nullable: true, description: 'The home page hero.' })
  hero: Photo | null;

  @Field(() => Photo, { nullable: true, description: "The instructor's portrait (home and about pages)." })
  portrait: Photo | null;
}

@ObjectType({ description: 'The photograph changed.' })
export class PhotoPayload {
  @Field(() => Photo)
  photo: Photo;
}

@ObjectType({ description: "The workshop's gallery in its new order." })
export class ReorderPhotosPayload {
  @Field(() => [Photo])
  photos: Photo[];
}

@ObjectType({ description: 'The photograph deleted.' })
export class DeletePhotoPayload {
  @Field(() => ID)
  deletedPhotoId: string;
}

/**
 * The photographs (docs/decisions/077): public reads of the site's and each
 * workshop's, the admin's list and edits. Uploads are REST only
 * (POST /api/admin/photos, multipart/form-data).
 */
@Resolver()
export class PhotoResolver {
  constructor(private readonly photos: PhotoService) {}

  @Query(() => SitePhotos, { description: "The site's own photographs: the home hero and the instructor portrait." })
  async sitePhotos(): Promise<SitePhotos> {
    return this.photos.site();
  }

  @Authorized()
  @Query(() => [Photo], { description: 'Admin: every photograph, by kind, workshop and position.' })
  async adminPhotos(): Promise<Photo[]> {
    return this.photos.adminList();
  }

  @Authorized()
  @Mutation(() => PhotoPayload, { description: "Admin: change a photograph's caption and alt text." })
  async updatePhoto(@Arg('input') input: UpdatePhotoInput): Promise<PhotoPayload> {
    return { photo: await this.photos.updateOrThrow(input) };
  }

  @Authorized()
  @Mutation(() => ReorderPhotosPayload, { description: "Admin: put a workshop's gallery in a new order (every photograph of it, each once)." })
  async reorderPhotos(@Arg('input') input: ReorderPhotosInput): Promise<ReorderPhotosPayload> {
    return { photos: await this.photos.reorderOrThrow(input) };
  }

  @Authorized()
  @Mutation(() => DeletePhotoPayload, { description: 'Admin: delete a photograph and its files.' })
  async deletePhoto(@Arg('input') input: DeletePhotoInput): Promise<DeletePhotoPayload> {
    await this.photos.deleteOrThrow(input);
    return { deletedPhotoId: input.photoId };
  }
}

/** A workshop's cover and gallery, from the index kept with the catalog snapshot. */
@Resolver(() => Workshop)
export class WorkshopPhotosResolver {
  constructor(private readonly photos: PhotoService) {}

  @FieldResolver(() => Photo, { nullable: true, description: 'The cover photograph the admin uploaded; null: the page shows imageUrl.' })
  async cover(@Root() workshop: Workshop): Promise<Photo | null> {
    return (await this.photos.forWorkshop(workshop.id)).cover;
  }

  @FieldResolver(() => [Photo], { description: 'The gallery, in the order the admin set.' })
  async gallery(@Root() workshop: Workshop): Promise<Photo[]> {
    return (await this.photos.forWorkshop(workshop.id)).gallery;
  }
}
