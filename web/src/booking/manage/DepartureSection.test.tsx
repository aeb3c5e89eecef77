import { act, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { InMemoryCache } from '@apollo/client';
import { typePolicies } from '../../apollo/client';
import { DepartureSection, MY_DEPARTURE_QUERY } from './DepartureSection';

const input = { bookingId: 'b-1', token: 'tok_0123456789abcdef' };
const KBYG = {
  __typename: 'KnowBeforeYouGo',
  workshopId: 'zion-canyon-light',
  meetingAddress: '1 Zion Park Blvd, Springdale, UT',
  meetingMapUrl: 'https://maps.example.com/?q=springdale',
  meetingTime: '07:30',
  weather: 'Cold mornings.\n\nWarm afternoons.',
  whatToBring: 'A headlamp.',
  emergencyPhone: '+1 435 555 0199',
};
const answer = (knowBeforeYouGo: unknown, messages: unknown[]) => ({
  request: { query: MY_DEPARTURE_QUERY, variables: { input } },
  result: { data: { myDeparture: { __typename: 'MyDeparture', knowBeforeYouGo, messages } } },
});
const renderSection = (mock: ReturnType<typeof answer>) =>
  render(
    <MockedProvider mocks={[mock]} cache={new InMemoryCache({ typePolicies })}>
      <DepartureSection {...input} />
    </MockedProvider>,
  );

describe('the manage page: know before you go and messages from your instructor', () => {
  it('shows the meeting point and time, the trip phone and each message', async () => {
    renderSection(
      answer(KBYG, [{ __typename: 'InstructorMessage', id: 'm-1', subject: 'Snow on the pass', body: 'Chains required.\n\nSee you Monday.', sentAt: '2026-03-02T15:00:00.000Z' }]),
    );
    expect(await screen.findByRole('heading', { name: 'Know before you go' })).toBeInTheDocument();
    expect(screen.getByText('1 Zion Park Blvd, Springdale, UT')).toBeInTheDocument();
    expect(screen.getByText('7:30 AM on the first day (local time)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 435 555 0199' })).toHaveAttribute('href', 'tel:+14355550199');
    expect(screen.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', KBYG.meetingMapUrl);
    const messages = screen.getByRole('region', { name: 'Messages from your instructor' });
    expect(messages).toHaveTextContent('Snow on the pass');
    expect(messages).toHaveTextContent('Chains required.');
    expect(messages).toHaveTextContent('See you Monday.');
  });

  it('shows nothing while there is nothing to know and no message', async () => {
    const { container } = renderSection(answer(null, []));
    // Let the answer arrive (inside act: it updates the component).
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(container).toBeEmptyDOMElement();
  });
});
