import { runLabel } from 'api/shared/dates';
import { useId, useRef, useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  AdminPhotosQuery,
  AdminPhotosQueryVariables,
  DeletePhotoMutation,
  DeletePhotoMutationVariables,
  PhotosTab_WorkshopFragment,
  ReorderPhotosMutation,
  ReorderPhotosMutationVariables,
  UpdatePhotoMutation,
  UpdatePhotoMutationVariables,
  UpdateWorkshopPhotoMutation,
  UpdateWorkshopPhotoMutationVariables,
} from '../gql/graphql';
import { WorkshopImage } from '../ui/WorkshopImage';
import { Picture, PICTURE_PHOTO_FRAGMENT } from '../ui/Picture';
import { PHOTO_ACCEPT, uploadPhoto, type PhotoUploadFields } from './photoUpload';

export const PHOTOS_TAB_FRAGMENT: TypedDocumentNode<PhotosTab_WorkshopFragment> = gql`
  fragment PhotosTab_workshop on Workshop {
    id
    name
    dates
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


/** Every uploaded photograph (the admin's view: fresh, never from the catalog's cache). */
export const ADMIN_PHOTOS_QUERY: TypedDocumentNode<AdminPhotosQuery, AdminPhotosQueryVariables> = gql`
  query AdminPhotos {
    adminPhotos {
      kind
      workshopId
      position
      ...Picture_photo
    }
  }
  ${PICTURE_PHOTO_FRAGMENT}
`;

export const UPDATE_PHOTO_MUTATION: TypedDocumentNode<UpdatePhotoMutation, UpdatePhotoMutationVariables> = gql`
  mutation UpdatePhoto($input: UpdatePhotoInput!) {
    updatePhoto(input: $input) {
      photo {
        id
        caption
        altText
      }
    }
  }
`;

export const REORDER_PHOTOS_MUTATION: TypedDocumentNode<ReorderPhotosMutation, ReorderPhotosMutationVariables> = gql`
  mutation ReorderPhotos($input: ReorderPhotosInput!) {
    reorderPhotos(input: $input) {
      photos {
        id
        position
      }
    }
  }
`;

export const DELETE_PHOTO_MUTATION: TypedDocumentNode<DeletePhotoMutation, DeletePhotoMutationVariables> = gql`
  mutation DeletePhoto($input: DeletePhotoInput!) {
    deletePhoto(input: $input) {
      deletedPhotoId
    }
  }
`;

type AdminPhoto = AdminPhotosQuery['adminPhotos'][number];

/** What the photo editors share: reload after a change, and leave on a 401. */
interface PhotoActions {
  reload: () => void;
  onError: (error: unknown) => boolean;
  onSignedOut: () => void;
}

/**
 * Manage Photos: the site's hero and the instructor portrait, then per workshop
 * the spec's image address (Enter or Update submits, an empty address is
 * ignored), a cover photograph and a gallery (upload, order, caption, alt text).
 * Uploads go to POST /api/admin/photos; the rest are GraphQL mutations.
 */
export function PhotosTab({
  workshops,
  onUpdated,
  onError,
  onSignedOut,
}: {
  workshops: ReadonlyArray<PhotosTab_WorkshopFragment>;
  /** After the success alert: reload the dashboard data. */
  onUpdated: () => void;
  /** A failure: returns true when it was handled (a 401 logs out). */
  onError: (error: unknown) => boolean;
  /** An upload answered 401: leave the session. */
  onSignedOut: () => void;
}) {
  const [update] = useUpdateWorkshopPhoto();
  const photos = useQuery(ADMIN_PHOTOS_QUERY, { context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const all = photos.data?.adminPhotos ?? [];
  const actions: PhotoActions = {
    reload: () => void photos.refetch().catch((e: unknown) => onError(e)),
    onError,
    onSignedOut,
  };

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

  const one = (kind: AdminPhoto['kind'], workshopId: string | null = null) => all.find((p) => p.kind === kind && (p.workshopId ?? null) === workshopId) ?? null;

  return (
    <div className="stack">
      <section className="card admin-site-photos" aria-labelledby="site-photos-heading">
        <div className="card__body">
          <h3 id="site-photos-heading">Home page and instructor</h3>
          <p className="field__hint">Until a photograph is uploaded, the pages show their illustration.</p>
          <div className="admin-site-photos__grid">
            <SinglePhoto label="Home page hero" fields={{ kind: 'home_hero' }} photo={one('home_hero')} actions={actions} />
            <SinglePhoto label="Instructor portrait" fields={{ kind: 'instructor_portrait' }} photo={one('instructor_portrait')} actions={actions} />
          </div>
        </div>
      </section>
      <ul className="admin-photos">
        {workshops.map((w) => (
          <li key={w.id} className="card admin-photo">
            <PhotoRow workshop={w} submit={submit} />
            <div className="admin-photo__uploads">
              <SinglePhoto
                label="Cover photograph"
                fields={{ kind: 'workshop_cover', workshop_id: w.id }}
                photo={one('workshop_cover', w.id)}
                actions={actions}
                context={runLabel(w)}
                hint="Shown on the cards and at the top of the workshop page, instead of the image address."
              />
              <Gallery workshop={w} photos={all.filter((p) => p.kind === 'workshop_gallery' && p.workshopId === w.id)} actions={actions} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A hero, a portrait or a cover: the current one (or none) and a form to upload its replacement. */
function SinglePhoto({
  label,
  fields,
  photo,
  actions,
  context,
  hint,
}: {
  label: string;
  fields: Pick<PhotoUploadFields, 'kind' | 'workshop_id'>;
  photo: AdminPhoto | null;
  actions: PhotoActions;
  context?: string;
  hint?: string;
}) {
  const [deletePhoto] = useMutation(DELETE_PHOTO_MUTATION, { context: { admin: true } });
  const name = context ? `${label} of ${context}` : label;
  const remove = async () => {
    if (!photo || !window.confirm(`Delete the ${name.toLowerCase()}? The page shows its illustration or image address again.`)) return;
    try {
      await deletePhoto({ variables: { input: { photoId: photo.id } } });
      actions.reload();
    } catch (e) {
      if (!actions.onError(e)) window.alert('The photograph could not be deleted. Try again.');
    }
  };
  return (
    <div className="admin-upload">
      <h4 className="admin-upload__title">{label}</h4>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {photo ? (
        <div className="admin-upload__current">
          <div className="admin-photo__thumb">
            <Picture src={photo.src} photo={photo} alt={photo.altText} width={160} height={100} sizes="160px" />
          </div>
          <div>
            <p className="admin-upload__alt">
              <span className="muted">Alt text:</span> {photo.altText}
            </p>
            <button type="button" className="btn btn--outline btn--small" onClick={() => void remove()}>
              Delete <span className="visually-hidden">{name}</span>
            </button>
          </div>
        </div>
      ) : (
        <p className="muted admin-upload__none">No photograph uploaded.</p>
      )}
      <UploadForm fields={fields} name={name} replace={photo !== null} actions={actions} />
    </div>
  );
}

/** The form of one upload: the file, its alt text (required) and, in a gallery, its caption. Errors show beside their field. */
function UploadForm({
  fields,
  name,
  replace = false,
  withCaption = false,
  actions,
}: {
  fields: Pick<PhotoUploadFields, 'kind' | 'workshop_id'>;
  name: string;
  replace?: boolean;
  withCaption?: boolean;
  actions: PhotoActions;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const file = fileInput.current?.files?.[0];
    const found = { file: file ? undefined : 'Choose a photograph (JPEG, PNG, HEIC or WebP).', alt: alt.trim() ? undefined : 'Describe the photograph for people who cannot see it: alt text is required.' };
    setErrors(found);
    setDone(false);
    if (!file || found.alt) return;
    setBusy(true);
    const result = await uploadPhoto({ ...fields, alt_text: alt.trim(), ...(withCaption && caption.trim() ? { caption: caption.trim() } : {}) }, file);
    setBusy(false);
    if (!result.ok) {
      if (result.signedOut) actions.onSignedOut();
      else setErrors(/alt text/i.test(result.message) ? { alt: result.message } : { file: result.message });
      return;
    }
    setAlt('');
    setCaption('');
    if (fileInput.current) fileInput.current.value = '';
    setDone(true);
    actions.reload();
  };

  return (
    <form className="admin-upload__form" onSubmit={onSubmit} noValidate aria-label={`Upload ${name}`}>
      <div className="field">
        <label htmlFor={`${id}-file`}>{replace ? 'New photograph' : 'Photograph'}</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className="input"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${id}-file-error` : undefined}
        />
        {errors.file ? (
          <p id={`${id}-file-error`} className="field__error" role="alert">
            {errors.file}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-alt`}>Alt text (required)</label>
        <input
          id={`${id}-alt`}
          className="input"
          type="text"
          value={alt}
          maxLength={300}
          onChange={(e) => setAlt(e.target.value)}
          aria-invalid={errors.alt ? true : undefined}
          aria-describedby={errors.alt ? `${id}-alt-error` : `${id}-alt-hint`}
        />
        {errors.alt ? (
          <p id={`${id}-alt-error`} className="field__error" role="alert">
            {errors.alt}
          </p>
        ) : (
          <p id={`${id}-alt-hint`} className="field__hint">
            What the photograph shows, e.g. “Sunrise light on the Watchman above the Virgin River”.
          </p>
        )}
      </div>
      {withCaption ? (
        <div className="field">
          <label htmlFor={`${id}-caption`}>Caption (optional)</label>
          <input id={`${id}-caption`} className="input" type="text" value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
        </div>
      ) : null}
      <div className="admin-upload__actions">
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          {busy ? 'Uploading…' : replace ? 'Replace' : 'Upload'} <span className="visually-hidden">{name}</span>
        </button>
        <span role="status" className="field__hint">
          {busy ? 'Resizing the photograph…' : done ? 'Uploaded.' : ''}
        </span>
      </div>
    </form>
  );
}

/** A workshop's gallery: each photograph with its caption and alt text to edit, its place to move, and delete; then an upload. */
function Gallery({ workshop, photos, actions }: { workshop: PhotosTab_WorkshopFragment; photos: AdminPhoto[]; actions: PhotoActions }) {
  const [reorder] = useMutation(REORDER_PHOTOS_MUTATION, { context: { admin: true } });
  const ordered = [...photos].sort((a, b) => a.position - b.position);
  const move = async (from: number, to: number) => {
    const ids = ordered.map((p) => p.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    try {
      await reorder({ variables: { input: { workshopId: workshop.id, photoIds: ids } } });
      actions.reload();
    } catch (e) {
      if (!actions.onError(e)) window.alert('The gallery could not be reordered. Try again.');
    }
  };
  return (
    <div className="admin-upload admin-gallery">
      <h4 className="admin-upload__title">Gallery ({ordered.length})</h4>
      {ordered.length === 0 ? <p className="muted admin-upload__none">No gallery photographs yet.</p> : null}
      <ol className="admin-gallery__list">
        {ordered.map((p, i) => (
          <li key={p.id} className="admin-gallery__item">
            <GalleryItem photo={p} index={i} count={ordered.length} workshopName={runLabel(workshop)} move={move} actions={actions} />
          </li>
        ))}
      </ol>
      <UploadForm fields={{ kind: 'workshop_gallery', workshop_id: workshop.id }} name={`gallery photograph of ${runLabel(workshop)}`} withCaption actions={actions} />
    </div>
  );
}

function GalleryItem({
  photo,
  index,
  count,
  workshopName,
  move,
  actions,
}: {
  photo: AdminPhoto;
  index: number;
  count: number;
  workshopName: string;
  move: (from: number, to: number) => Promise<void>;
  actions: PhotoActions;
}) {
  const id = useId();
  const [caption, setCaption] = useState(photo.caption);
  const [alt, setAlt] = useState(photo.altText);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [updatePhoto, { loading }] = useMutation(UPDATE_PHOTO_MUTATION, { context: { admin: true } });
  const [deletePhoto] = useMutation(DELETE_PHOTO_MUTATION, { context: { admin: true } });
  const label = `photograph ${index + 1} of the ${workshopName} gallery`;

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    if (!alt.trim()) {
      setError('Describe the photograph for people who cannot see it: alt text is required.');
      return;
    }
    setError(null);
    try {
      await updatePhoto({ variables: { input: { photoId: photo.id, caption: caption.trim(), altText: alt.trim() } } });
      setSaved(true);
    } catch (err) {
      if (!actions.onError(err)) setError('The changes could not be saved. Try again.');
    }
  };
  const remove = async () => {
    if (!window.confirm(`Delete ${label}?`)) return;
    try {
      await deletePhoto({ variables: { input: { photoId: photo.id } } });
      actions.reload();
    } catch (err) {
      if (!actions.onError(err)) window.alert('The photograph could not be deleted. Try again.');
    }
  };

  return (
    <form className="admin-gallery__form" onSubmit={save} noValidate aria-label={`Edit ${label}`}>
      <div className="admin-photo__thumb">
        <Picture src={photo.src} photo={photo} alt={photo.altText} width={160} height={100} sizes="160px" />
      </div>
      <div className="admin-gallery__fields">
        <div className="field">
          <label htmlFor={`${id}-alt`}>Alt text (required)</label>
          <input
            id={`${id}-alt`}
            className="input"
            value={alt}
            maxLength={300}
            onChange={(e) => setAlt(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-caption`}>Caption</label>
          <input id={`${id}-caption`} className="input" value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
        </div>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="admin-gallery__actions">
          <button type="submit" className="btn btn--secondary btn--small" disabled={loading}>
            Save <span className="visually-hidden">{label}</span>
          </button>
          <button type="button" className="btn btn--outline btn--small" disabled={index === 0} onClick={() => void move(index, index - 1)}>
            Move up <span className="visually-hidden">{label}</span>
          </button>
          <button type="button" className="btn btn--outline btn--small" disabled={index === count - 1} onClick={() => void move(index, index + 1)}>
            Move down <span className="visually-hidden">{label}</span>
          </button>
          <button type="button" className="btn btn--outline btn--small" onClick={() => void remove()}>
            Delete <span className="visually-hidden">{label}</span>
          </button>
          <span role="status" className="field__hint">
            {saved ? 'Saved.' : ''}
          </span>
        </div>
      </div>
    </form>
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
