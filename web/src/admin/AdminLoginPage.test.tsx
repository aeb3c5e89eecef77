import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { ADMIN_LOGIN_MUTATION } from './AdminLoginPage';
import { basicCredential, readAdminCredential } from './credential';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { anAdminDashboard } from '../test/builders';
import { ADMIN_VERIFY_TOTP_MUTATION } from './secondFactor.documents';

// The first render of a file loads the lazy route modules; on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const login = (password: string, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: ADMIN_LOGIN_MUTATION, variables: { input: { password } } },
  result,
});

describe('/admin login', () => {
  beforeEach(() => sessionStorage.clear());

  it('has a required password field and a Login button', async () => {
    renderRoute('/admin');
    const field = await screen.findByLabelText('Password');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('does not send an empty password', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute('/admin', []);
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Invalid password" inline for a wrong password and stores nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute('/admin', [
      login('wrong-password', { errors: [new GraphQLError('Invalid password', { extensions: { code: 'UNAUTHENTICATED' } })] }),
    ]);
    await user.type(await screen.findByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/admin');
    expect(readAdminCredential()).toBeNull();
  });

  it('says how long to wait when attempts are throttled', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute('/admin', [
      login('guess-guess', {
        errors: [new GraphQLError('Too many failed admin sign-in attempts. Please wait 8 seconds and try again.', { extensions: { code: 'RATE_LIMITED' } })],
      }),
    ]);
    await user.type(await screen.findByLabelText('Password'), 'guess-guess');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 8 seconds');
  });

  it('on success stores the Basic credential for this tab and opens the dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute('/admin', [
      login('correct-horse-battery', { data: { adminLogin: { __typename: 'AdminLoginPayload', success: true, secondFactorRequired: false, secondFactorMethods: [] } } }),
      { request: { query: ADMIN_DASHBOARD_QUERY }, result: { data: anAdminDashboard() } },
    ]);
    await user.type(await screen.findByLabelText('Password'), 'correct-horse-battery{Enter}');
    expect(await screen.findByRole('tab', { name: 'Statistics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(readAdminCredential()).toBe(btoa('admin:correct-horse-battery'));
  });

  it('once a second factor is enrolled, asks for it after the password: a refused code says so, the right one opens the dashboard (issue 26)', async () => {
    const user = userEvent.setup({ delay: null });
    const verify = (code: string, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({ request: { query: ADMIN_VERIFY_TOTP_MUTATION, variables: { input: { code } } }, result });
    const { router } = renderRoute('/admin', [
      login('correct-horse-battery', { data: { adminLogin: { __typename: 'AdminLoginPayload', success: true, secondFactorRequired: true, secondFactorMethods: ['totp', 'recovery'] } } }),
      verify('000000', { errors: [new GraphQLError('Invalid authenticator code', { extensions: { code: 'UNAUTHENTICATED' } })] }),
      verify('123456', { data: { adminVerifyTotp: { __typename: 'AdminSessionOpened', expiresAt: '2026-01-16T00:00:00.000Z' } } }),
      { request: { query: ADMIN_DASHBOARD_QUERY }, result: { data: anAdminDashboard() } },
    ]);
    await user.type(await screen.findByLabelText('Password'), 'correct-horse-battery{Enter}');
    expect(await screen.findByRole('heading', { name: 'Second step' })).toBeInTheDocument();
    // The password alone does not open the dashboard; no passkey is enrolled, so none is offered.
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authenticator code');
    expect(router.state.location.pathname).toBe('/admin');
    await user.clear(screen.getByLabelText('Code from your authenticator app'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456{Enter}');
    expect(await screen.findByRole('tab', { name: 'Statistics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('encodes non-ASCII passwords as UTF-8', () => {
    expect(basicCredential('été-2026')).toBe(Buffer.from('admin:été-2026', 'utf8').toString('base64'));
  });
});
