import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SitePhotosQuery, SitePhotosQueryVariables } from '../gql/graphql';
import { PICTURE_PHOTO_FRAGMENT } from '../ui/Picture';

/** The home hero and the instructor portrait the admin uploaded (null: the illustration stays). */
export const SITE_PHOTOS_QUERY: TypedDocumentNode<SitePhotosQuery, SitePhotosQueryVariables> = gql`
  query SitePhotos {
    sitePhotos {
      hero {
        ...Picture_photo
      }
      portrait {
        ...Picture_photo
      }
    }
  }
  ${PICTURE_PHOTO_FRAGMENT}
`;
