import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND } from 'api/shared/brand';
import { renderRoute } from '../test/render';
import { MESSAGE_SENT, SENT_MS } from './ContactPage';

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Ada Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Subject'), 'Bears in July');
  await user.type(field('Message'), 'Is a 400mm lens long enough for Lake Clark?');
}

describe('/contact', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for name, email, subject and message, all required, with the browser’s own email check', () => {
    renderRoute('/contact');
    for (const name of ['Name', 'Email', 'Subject', 'Message']) {
      expect(field(name)).toBeRequired();
      expect(field(name)).not.toHaveAttribute('maxlength');
      expect(field(name)).not.toHaveAttribute('minlength');
    }
    expect(field('Email')).toHaveAttribute('type', 'email');
    // Native validation: the form blocks an empty submit by itself.
    expect(screen.getByRole('form', { name: 'Send us a message' })).not.toHaveAttribute('novalidate');
  });

  it(`shows '${MESSAGE_SENT}' for 3 seconds, then an empty form returns; nothing is sent`, async () => {
    jest.useFakeTimers();
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRoute('/contact');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE_SENT);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(SENT_MS - 1));
    expect(screen.getByText(MESSAGE_SENT)).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(MESSAGE_SENT)).not.toBeInTheDocument();
    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(field(name)).toHaveValue('');
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(SENT_MS).toBe(3000);
  });

  it('shows the contact email, the response time and a link to the FAQ', () => {
    renderRoute('/contact');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: BRAND.contactEmail })).toHaveAttribute('href', `mailto:${BRAND.contactEmail}`);
    expect(main.getByText(/Within 24 hours, Monday to Friday 9 AM to 6 PM Pacific/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'frequently asked questions' })).toHaveAttribute('href', '/faq');
  });

  it('sets its own title', async () => {
    renderRoute('/contact');
    await waitFor(() => expect(document.title).toBe(`Contact | ${BRAND.name}`));
  });
});
