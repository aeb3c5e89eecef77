import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { typePolicies } from '../apollo/client';
import { aPhoto } from '../test/builders';
import { ADMIN_PHOTOS_QUERY, DELETE_PHOTO_MUTATION, PhotosTab, REORDER_PHOTOS_MUTATION, UPDATE_PHOTO_MUTATION } from './PhotosTab';
import { storeAdminCredential } from './credential';

const ZION = { __typename: 'Workshop' as const, id: 'zion-canyon-light', name: 'Zion Canyon Light', dates: 'Apr 13-18, 2026', location: 'Zion National Park', imageUrl: '/images/workshops/zion-canyon-light.svg' };
const photo = (id: string, kind: string, workshopId: string | null, position = 0, altText = `Photo ${id}`) => ({ ...aPhoto({ id, altText }), kind, workshopId, position });
const photos = (list: unknown[]): MockLink.MockedResponse => ({ request: { query: ADMIN_PHOTOS_QUERY }, result: { data: { adminPhotos: list } } });

function renderTab(mocks: MockLink.MockedResponse[], onSignedOut = jest.fn()) {
  storeAdminCredential('correct-horse-battery');
  render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ typePolicies })}>
      <PhotosTab workshops={[ZION]} onUpdated={jest.fn()} onError={() => false} onSignedOut={onSignedOut} />
    </MockedProvider>,
  );
  return { user: userEvent.setup(), onSignedOut };
}

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'canyon.jpg', { type: 'image/jpeg' });

/** The test environment's FormData (Node's) refuses jsdom's File: record what the upload appends instead. */
class RecordedForm {
  readonly parts: Array<[string, unknown]> = [];
  append(name: string, value: unknown) {
    this.parts.push([name, value]);
  }
}

describe('Manage Photos: uploads (docs/decisions/077)', () => {
  const realFetch = global.fetch;
  const realFormData = global.FormData;
  beforeEach(() => {
    global.FormData = RecordedForm as unknown as typeof FormData;
  });
  afterEach(() => {
    global.fetch = realFetch;
    global.FormData = realFormData;
  });

  it('says beside the fields, in words, that a photograph and its alt text are needed; nothing is sent', async () => {
    global.fetch = jest.fn();
    const { user } = renderTab([photos([])]);
    const form = await screen.findByRole('form', { name: 'Upload Home page hero' });
    await user.click(within(form).getByRole('button', { name: /Upload/ }));
    expect(within(form).getByText('Choose a photograph (JPEG, PNG, HEIC or WebP).')).toBeInTheDocument();
    expect(within(form).getByLabelText('Alt text (required)')).toHaveAccessibleDescription('Describe the photograph for people who cannot see it: alt text is required.');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('uploads a cover as multipart with the credential, then shows it; the server’s refusal shows beside the file', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 'UNSUPPORTED_IMAGE', detail: 'x', errors: [{ field: 'file', message: 'file must be a JPEG, PNG, HEIC or WebP photograph' }] }), { status: 415 }))
      .mockResolvedValueOnce(new Response('{}', { status: 201 }));
    global.fetch = fetchMock;
    const { user } = renderTab([photos([]), photos([photo('c1', 'workshop_cover', ZION.id, 0, 'The Narrows at noon')])]);
    const form = await screen.findByRole('form', { name: 'Upload Cover photograph of Zion Canyon Light, Apr 13-18, 2026' });
    await user.upload(within(form).getByLabelText('Photograph'), jpeg());
    await user.type(within(form).getByLabelText('Alt text (required)'), 'The Narrows at noon');
    await user.click(within(form).getByRole('button', { name: /Upload/ }));
    expect(await within(form).findByText('The file must be a JPEG, PNG, HEIC or WebP photograph.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: /Upload/ }));
    expect(await screen.findByRole('img', { name: 'The Narrows at noon' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/admin/photos');
    expect(init.headers).toEqual({ authorization: expect.stringMatching(/^Basic /) });
    const parts = (init.body as unknown as RecordedForm).parts;
    expect(Object.fromEntries(parts.filter(([k]) => k !== 'file'))).toEqual({ kind: 'workshop_cover', workshop_id: ZION.id, alt_text: 'The Narrows at noon' });
    expect((parts.find(([k]) => k === 'file')![1] as File).name).toBe('canyon.jpg');
  });

  it('a 401 on upload ends the session', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response('{}', { status: 401 }));
    const { user, onSignedOut } = renderTab([photos([])]);
    const form = await screen.findByRole('form', { name: 'Upload Instructor portrait' });
    await user.upload(within(form).getByLabelText('Photograph'), jpeg());
    await user.type(within(form).getByLabelText('Alt text (required)'), 'Daniel');
    await user.click(within(form).getByRole('button', { name: /Upload/ }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  });

  it('a gallery: moves a photograph, edits its caption and alt text (alt text required), deletes one', async () => {
    const g = [photo('g1', 'workshop_gallery', ZION.id, 0), photo('g2', 'workshop_gallery', ZION.id, 1)];
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderTab([
      photos(g),
      {
        request: { query: REORDER_PHOTOS_MUTATION, variables: { input: { workshopId: ZION.id, photoIds: ['g2', 'g1'] } } },
        result: { data: { reorderPhotos: { __typename: 'ReorderPhotosPayload', photos: [] } } },
      },
      photos([{ ...g[1], position: 0 }, { ...g[0], position: 1 }]),
      {
        request: { query: UPDATE_PHOTO_MUTATION, variables: { input: { photoId: 'g2', caption: 'Angels Landing', altText: 'Hikers on the ridge' } } },
        result: { data: { updatePhoto: { __typename: 'PhotoPayload', photo: { __typename: 'Photo', id: 'g2', caption: 'Angels Landing', altText: 'Hikers on the ridge' } } } },
      },
      { request: { query: DELETE_PHOTO_MUTATION, variables: { input: { photoId: 'g1' } } }, result: { data: { deletePhoto: { __typename: 'DeletePhotoPayload', deletedPhotoId: 'g1' } } } },
      photos([{ ...g[1], position: 0 }]),
    ]);
    expect(await screen.findByText('Gallery (2)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move down photograph 1 of the Zion Canyon Light, Apr 13-18, 2026 gallery' }));
    const firstForm = () => screen.getByRole('form', { name: 'Edit photograph 1 of the Zion Canyon Light, Apr 13-18, 2026 gallery' });
    await waitFor(() => expect(within(firstForm()).getByLabelText('Alt text (required)')).toHaveValue('Photo g2'));
    const first = firstForm();

    const alt = within(first).getByLabelText('Alt text (required)');
    await user.clear(alt);
    await user.click(within(first).getByRole('button', { name: /^Save/ }));
    expect(alt).toHaveAccessibleDescription('Describe the photograph for people who cannot see it: alt text is required.');
    await user.type(alt, 'Hikers on the ridge');
    await user.type(within(first).getByLabelText('Caption'), 'Angels Landing');
    await user.click(within(first).getByRole('button', { name: /^Save/ }));
    expect(await within(first).findByText('Saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete photograph 2 of the Zion Canyon Light, Apr 13-18, 2026 gallery' }));
    expect(await screen.findByText('Gallery (1)')).toBeInTheDocument();
  });
});
