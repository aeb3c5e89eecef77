import { INITIAL_VALUES } from './BookingForm';
import { travellersFor, validateTravellers, EMPTY_TRAVELLER } from './TravellerFields';
import { toBookingInput } from './useBookThenPay';

describe('the other travellers on the booking form (issue 25)', () => {
  it('asks for participants 2..N, keeping what was typed when the count changes', () => {
    const typed = [{ name: 'Bea Kim', email: 'bea@example.com', later: false }];
    expect(travellersFor(1, typed)).toEqual([]);
    expect(travellersFor(3, typed)).toEqual([typed[0], EMPTY_TRAVELLER]);
    expect(travellersFor(Number.NaN, typed)).toEqual([]);
  });

  it('wants a name and a valid email, unless ticked for later or left blank; names the field at fault', () => {
    expect(validateTravellers([EMPTY_TRAVELLER, { name: '', email: '', later: true }])).toEqual({});
    expect(validateTravellers([{ name: 'Bea Kim', email: '', later: false }])).toEqual({ 'traveller-2-email': expect.stringContaining('traveller 2') });
    expect(validateTravellers([EMPTY_TRAVELLER, { name: '', email: 'cy@example', later: false }])).toEqual({
      'traveller-3-name': expect.stringContaining('traveller 3'),
      'traveller-3-email': expect.stringContaining('email address'),
    });
  });

  it('sends a named traveller with name and email, and a blank or ticked one as later', () => {
    const input = toBookingInput('zion-canyon-light', {
      ...INITIAL_VALUES,
      num_participants: '4',
      travellers: [{ name: ' Bea Kim ', email: 'bea@example.com', later: false }, EMPTY_TRAVELLER, { name: 'x', email: '', later: true }],
    });
    expect(input.travellers).toEqual([{ name: 'Bea Kim', email: 'bea@example.com', later: false }, { later: true }, { later: true }]);
    expect(toBookingInput('zion-canyon-light', INITIAL_VALUES).travellers).toBeUndefined();
  });
});
