import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { typePolicies } from '../apollo/client';
import type { TravellerTasksPanel_TasksFragment } from '../gql/graphql';
import { SAVE_GEAR_MUTATION, SAVE_HEALTH_MUTATION, SAVE_TRAVEL_MUTATION, SIGN_WAIVER_MUTATION } from './traveller.documents';
import { TravellerTasksPanel } from './TravellerTasksPanel';

const access = { travellerId: 't-2', token: 'tok_0123456789abcdef' };
const TASKS: TravellerTasksPanel_TasksFragment = {
  travellerId: 't-2',
  bookingId: 'b-1',
  position: 2,
  name: 'Bea Kim',
  email: 'bea@example.com',
  workshopId: 'zion-canyon-light',
  workshopName: 'Zion Canyon Light',
  startDate: '2026-05-14',
  endDate: '2026-05-19',
  workshopType: 'landscape',
  roomType: 'shared',
  deadline: '2026-04-14',
  age: null,
  healthConcerns: null,
  dietaryRestrictions: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  emergencyContactEmail: null,
  healthConfirmedAt: null,
  arrivalDate: null,
  arrivalTime: null,
  arrivalBy: null,
  flightNumber: null,
  roommatePreference: null,
  roommateName: null,
  travelConfirmedAt: null,
  waiver: { version: 0, text: 'I accept the risks.\n\nI am fit to hike.', contentHash: 'a'.repeat(64), signed: false, signedName: null, signedAt: null },
  gear: [
    { id: 'camera', label: 'DSLR or mirrorless camera with manual mode', required: true, ticked: false },
    { id: 'tripod', label: 'Sturdy tripod', required: true, ticked: true },
  ],
  readiness: { tasksDone: 1, tasksTotal: 4, missing: ['waiver', 'health', 'travel'] },
};

/** The tasks as the api answers them (every mutation answers the whole panel). */
const answered = (t: TravellerTasksPanel_TasksFragment) => ({
  __typename: 'TravellerTasks' as const,
  ...t,
  waiver: { __typename: 'TravellerWaiver' as const, ...t.waiver },
  gear: t.gear.map((g) => ({ __typename: 'GearItemState' as const, ...g })),
  readiness: { __typename: 'TravellerReadiness' as const, ...t.readiness },
});
const refused = (message: string, fields: Array<{ field: string; message: string }>) => ({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields } }] });

const HEALTH_INPUT = { ...access, age: 36, healthConcerns: null, dietaryRestrictions: 'Vegetarian', emergencyContactName: 'Pat Contact', emergencyContactPhone: '+1 555 010 0300', emergencyContactEmail: 'pat@example' };

function renderPanel(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ typePolicies })}>
      <TravellerTasksPanel tasks={TASKS} access={access} />
    </MockedProvider>,
  );
}

async function fillHealth(user: ReturnType<typeof userEvent.setup>, health: HTMLElement) {
  await user.type(within(health).getByLabelText('Age *'), '36');
  await user.type(within(health).getByLabelText('Dietary needs'), 'Vegetarian');
  await user.type(within(health).getByLabelText('Emergency contact name *'), 'Pat Contact');
  await user.type(within(health).getByLabelText('Emergency contact phone *'), '+1 555 010 0300');
  await user.type(within(health).getByLabelText('Emergency contact email *'), 'pat@example');
}

describe("a traveller's task forms", () => {
  it('shows each task with its state, the progress and the deadline', () => {
    renderPanel([]);
    expect(screen.getByTestId('tasks-progress')).toHaveTextContent('1 of 4 tasks done (to do: sign the release of liability; health, dietary needs and emergency contact; travel details). Due by');
    expect(screen.getByRole('heading', { name: 'Sign the release of liability To do' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gear checklist Done' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Health, dietary needs and emergency contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm these details' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("names the server's refusal at the field and above the button, then says saved once the details are taken", async () => {
    const user = userEvent.setup();
    renderPanel([
      { request: { query: SAVE_HEALTH_MUTATION, variables: { input: HEALTH_INPUT } }, result: refused('Check the highlighted fields', [{ field: 'input.emergencyContactEmail', message: 'emergencyContactEmail must be an email address' }]) },
      { request: { query: SAVE_HEALTH_MUTATION, variables: { input: { ...HEALTH_INPUT, emergencyContactEmail: 'pat@example.com' } } }, result: { data: { saveTravellerHealth: answered(TASKS) } }, delay: 50 },
    ]);
    const health = screen.getByTestId('task-health');
    await fillHealth(user, health);
    await user.click(within(health).getByRole('button', { name: 'Confirm these details' }));
    expect(await within(health).findByRole('alert')).toHaveTextContent('Check the highlighted fields');
    const email = within(health).getByLabelText('Emergency contact email *');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('emergencyContactEmail must be an email address');
    expect(within(health).getByLabelText('Emergency contact name *')).not.toHaveAttribute('aria-invalid');

    await user.type(email, '.com');
    await user.click(within(health).getByRole('button', { name: 'Confirm these details' }));
    expect(within(health).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(await within(health).findByRole('status')).toHaveTextContent('Saved: thank you.');
    expect(within(health).queryByRole('alert')).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
    // The other forms are not told anything.
    expect(within(screen.getByTestId('task-travel')).queryByRole('status')).toBeNull();
  });

  it('a refused age is described at the age field, beside its hint', async () => {
    const user = userEvent.setup();
    renderPanel([{ request: { query: SAVE_HEALTH_MUTATION, variables: { input: HEALTH_INPUT } }, result: refused('Check the highlighted fields', [{ field: 'input.age', message: 'age must be between 18 and 99' }]) }]);
    const health = screen.getByTestId('task-health');
    await fillHealth(user, health);
    await user.click(within(health).getByRole('button', { name: 'Confirm these details' }));
    expect(await within(health).findByRole('alert')).toHaveTextContent('Check the highlighted fields');
    const age = within(health).getByLabelText(/^Age/);
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveAccessibleDescription(expect.stringContaining('age must be between 18 and 99'));
  });

  it('a failure without a word from the server asks to try again', async () => {
    const user = userEvent.setup();
    renderPanel([{ request: { query: SAVE_GEAR_MUTATION, variables: { input: { ...access, ticked: ['tripod', 'camera'] } } }, error: new Error('offline') }]);
    const gear = screen.getByTestId('task-gear');
    await user.click(within(gear).getByLabelText('DSLR or mirrorless camera with manual mode'));
    await user.click(within(gear).getByRole('button', { name: 'Save checklist' }));
    expect(await within(gear).findByRole('alert')).toHaveTextContent('This could not be saved. Please try again.');
    expect(within(gear).queryByRole('status')).toBeNull();
  });

  it('the waiver names a refused name at its field; travel asks for a named roommate and names what is wrong', async () => {
    const user = userEvent.setup();
    const travelInput = { ...access, arrivalDate: '', arrivalTime: '', arrivalBy: 'car', flightNumber: null, roommatePreference: 'named_person', roommateName: 'Nobody' };
    renderPanel([
      { request: { query: SIGN_WAIVER_MUTATION, variables: { input: { ...access, fullName: '', consent: true, contentHash: TASKS.waiver.contentHash } } }, result: refused('Check the highlighted fields', [{ field: 'input.fullName', message: 'fullName is required' }]) },
      { request: { query: SAVE_TRAVEL_MUTATION, variables: { input: travelInput } }, result: refused('Check the highlighted fields', [{ field: 'input.roommateName', message: 'roommateName must be a traveller on the same departure' }]) },
    ]);
    const waiver = screen.getByTestId('task-waiver');
    await user.click(within(waiver).getByLabelText('I have read this release and agree to it'));
    await user.click(within(waiver).getByRole('button', { name: 'Sign the release' }));
    expect(await within(waiver).findByText('fullName is required')).toBeInTheDocument();
    expect(within(waiver).getByLabelText('Full legal name *')).toHaveAccessibleDescription('fullName is required');
    expect(within(waiver).getByRole('alert')).toHaveTextContent('Check the highlighted fields');

    const travel = screen.getByTestId('task-travel');
    await user.selectOptions(within(travel).getByLabelText('Arriving by *'), 'car');
    expect(within(travel).queryByLabelText('Their name *')).toBeNull();
    await user.selectOptions(within(travel).getByLabelText('Roommate preference (shared room) *'), 'named_person');
    await user.type(within(travel).getByLabelText('Their name *'), 'Nobody');
    await user.click(within(travel).getByRole('button', { name: 'Save travel details' }));
    expect(await within(travel).findByRole('alert')).toHaveTextContent('Check the highlighted fields');
    expect(within(travel).getByLabelText('Their name *')).toHaveAccessibleDescription('roommateName must be a traveller on the same departure');
    expect(within(travel).getByLabelText('Arrival date *')).not.toHaveAttribute('aria-invalid');
  });
});
