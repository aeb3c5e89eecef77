import { useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { PhotosTab_WorkshopFragment, UpdateWorkshopPhotoMutation, UpdateWorkshopPhotoMutationVariables } from '../gql/graphql';
import { WorkshopImage } from '../ui/WorkshopImage';

export const PHOTOS_TAB_FRAGMENT: TypedDocumentNode<PhotosTab_WorkshopFragment> = gql`
  fragment PhotosTab_workshop on Workshop {
    id
    name
    location
    imageUrl
  }
`;

/** The answer is the workshop with its new imageUrl: the normalised cache updates every page showing it. */
export const UPDATE_WORKSHOP_PHOTO_MUTATION: TypedDocumentNode<UpdateWorkshopPhotoMutation, UpdateWorkshopPhotoMutationVariables> = gql`
  mutation UpdateWorkshopPhoto($input: UpdateWorkshopPhotoInput!) {
    updateWorkshopPhoto(input: $input) {
      workshop {
        id
        imageUrl
      }
    }
  }
`;

export function useUpdateWorkshopPhoto() {
  return useMutation(UPDATE_WORKSHOP_PHOTO_MUTATION, { context: { admin: true } });
}

/** Manage Photos: per workshop an image address; Enter or Update submits, an empty address is ignored. */
export function PhotosTab({
  workshops,
  onUpdated,
  onError,
}: {
  workshops: ReadonlyArray<PhotosTab_WorkshopFragment>;
  /** After the success alert: reload the dashboard data. */
  onUpdated: () => void;
  /** A failure: returns true when it was handled (a 401 logs out). */
  onError: (error: unknown) => boolean;
}) {
  const [update] = useUpdateWorkshopPhoto();

  const submit = async (workshopId: string, imageUrl: string): Promise<boolean> => {
    try {
      await update({ variables: { input: { workshopId, imageUrl } } });
    } catch (error) {
      if (!onError(error)) window.alert('Failed to update photo');
      return false;
    }
    window.alert('Photo updated successfully!');
    onUpdated();
    return true;
  };

  return (
    <ul className="admin-photos">
      {workshops.map((w) => (
        <li key={w.id} className="card admin-photo">
          <PhotoRow workshop={w} submit={submit} />
        </li>
      ))}
    </ul>
  );
}

function PhotoRow({ workshop, submit }: { workshop: PhotosTab_WorkshopFragment; submit: (id: string, url: string) => Promise<boolean> }) {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const url = address.trim();
    if (!url || busy) return;
    setBusy(true);
    const ok = await submit(workshop.id, url);
    setBusy(false);
    if (ok) setAddress('');
  };

  return (
    <div className="admin-photo__body">
      <div className="admin-photo__thumb">
        <WorkshopImage key={workshop.imageUrl} src={workshop.imageUrl} alt={`${workshop.name}, current photo`} width={160} height={100} sizes="160px" />
      </div>
      <form className="admin-photo__form" onSubmit={onSubmit}>
        <h3 className="admin-photo__name">{workshop.name}</h3>
        <p className="field__hint admin-photo__current" title={workshop.imageUrl}>
          Current: {workshop.imageUrl}
        </p>
        <div className="admin-photo__controls">
          <input
            className="input"
            type="text"
            inputMode="url"
            placeholder="https://... or /images/..."
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            aria-label={`Image address for ${workshop.name}`}
          />
          <button type="submit" className="btn btn--secondary" disabled={busy} aria-label={`Update photo of ${workshop.name}`}>
            Update
          </button>
        </div>
      </form>
    </div>
  );
}
