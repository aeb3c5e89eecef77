import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useState } from 'react';
import { BookingForm, INITIAL_VALUES, type BookingFormValues } from './BookingForm';
import { toBookingInput } from './useBookThenPay';

/** The consent to one "finish your booking" mail (decision 098): unticked by default, sent only when ticked. */
describe('recovery consent on the booking form', () => {
  function Form({ onValues }: { onValues: (v: BookingFormValues) => void }) {
    const [values, setValues] = useState(INITIAL_VALUES);
    return (
      <MemoryRouter>
        <BookingForm
          workshop={{ availableSpots: 5, privateRoomSupplement: 500 }}
          values={values}
          onChange={(name, value) => {
            const next = { ...values, [name]: value };
            setValues(next);
            onValues(next);
          }}
          onSubmit={() => undefined}
          submitting={false}
          problem={null}
        />
      </MemoryRouter>
    );
  }

  it('is unticked by default and asked for only when ticked', async () => {
    let values = INITIAL_VALUES;
    render(<Form onValues={(v) => (values = v)} />);
    const box = screen.getByRole('checkbox', { name: /Email me a link if I don’t finish/ });
    expect(box).not.toBeChecked();
    expect(toBookingInput('zion-canyon-light', values)).not.toHaveProperty('recoveryConsent');
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(toBookingInput('zion-canyon-light', values).recoveryConsent).toBe(true);
    await userEvent.click(box);
    expect(toBookingInput('zion-canyon-light', values)).not.toHaveProperty('recoveryConsent');
  });
});
