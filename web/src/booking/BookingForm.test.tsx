import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { BookingForm, INITIAL_VALUES, type BookingFormValues } from './BookingForm';

const seen: { values?: BookingFormValues } = {};

function Page() {
  const [values, setValues] = useState(INITIAL_VALUES);
  seen.values = values;
  return (
    <MemoryRouter>
      <BookingForm
        workshop={{ availableSpots: 5, privateRoomSupplement: 500 }}
        values={values}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        onSubmit={() => {}}
        submitting={false}
        problem={null}
      />
    </MemoryRouter>
  );
}

describe('BookingForm on a server-rendered page', () => {
  it('keeps what the visitor typed before the app hydrated the form', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.appendChild(container);
    (container.querySelector('#customer_name') as HTMLInputElement).value = 'Ana Lopez';
    (container.querySelector('#room_type') as HTMLSelectElement).value = 'private';

    await act(async () => {
      hydrateRoot(container, <Page />);
    });

    expect(seen.values).toMatchObject({ customer_name: 'Ana Lopez', room_type: 'private', customer_email: '' });
    expect(container.querySelector('#customer_name')).toHaveValue('Ana Lopez');
  });
});
