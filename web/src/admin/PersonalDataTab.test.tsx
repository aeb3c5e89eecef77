import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { renderRoute } from '../test/render';
import { anAdminDashboard } from '../test/builders';
import { ADMIN_DASHBOARD_QUERY } from './AdminDashboardPage';
import { CUSTOMER_DATA_EXPORT_QUERY, ERASE_CUSTOMER_MUTATION } from './PersonalDataTab';
import { storeAdminCredential } from './credential';
import { downloadBlob } from './manifest';
import { PRIVACY_RETENTION_QUERY } from '../content/retention';

jest.mock('./manifest', () => ({ ...jest.requireActual<object>('./manifest'), downloadBlob: jest.fn() }));

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

const dashboard = (): MockLink.MockedResponse => ({ request: { query: ADMIN_DASHBOARD_QUERY }, result: { data: anAdminDashboard() }, maxUsageCount: 5 });
const EMAIL = 'ana@example.com';
const exported = {
  __typename: 'CustomerDataExportPayload',
  email: EMAIL,
  exportedAt: '2026-07-18T04:00:00.000Z',
  json: JSON.stringify({ bookings: [{ id: 'b-1', customer_name: 'Ana Lopez' }] }),
  csv: 'section,record_id,field,value\r\nbookings,b-1,customer_name,Ana Lopez\r\n',
};
const erasure = { __typename: 'CustomerErasurePayload', requestId: 'a1b2c3d4', bookings: 1, travellers: 2, messages: 1, reviews: 0, waitlistEntries: 0, mails: 5, credits: 0, auditEntries: 3 };

async function open(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup({ delay: null });
  // The server's PERSONAL_DATA_RETENTION_DAYS: 45 here, not the default.
  const retention: MockLink.MockedResponse = { request: { query: PRIVACY_RETENTION_QUERY }, result: { data: { privacyRetention: { __typename: 'RetentionPolicy', tripDataDays: 45, accountingYears: 7 } } }, maxUsageCount: 5 };
  renderRoute('/admin/dashboard', [dashboard(), retention, ...mocks]);
  await screen.findByText('Total Workshops');
  await user.click(screen.getByRole('tab', { name: 'Personal data' }));
  return user;
}

describe('/admin/dashboard: Personal data', () => {
  const downloads = jest.mocked(downloadBlob);
  beforeEach(() => {
    sessionStorage.clear();
    storeAdminCredential('correct-horse-battery');
    downloads.mockClear();
  });

  it('states the retention periods and downloads one customer’s data as JSON and CSV', async () => {
    const user = await open([
      { request: { query: CUSTOMER_DATA_EXPORT_QUERY, variables: { email: EMAIL } }, result: { data: { customerDataExport: exported } } },
      { request: { query: CUSTOMER_DATA_EXPORT_QUERY, variables: { email: EMAIL } }, result: { data: { customerDataExport: exported } } },
    ]);
    expect(await screen.findByText(/erased automatically 45 days after each workshop ends/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Customer email' }), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(await screen.findByText(`The JSON export of ${EMAIL} was downloaded.`)).toBeInTheDocument();
    const [name, blob] = downloads.mock.calls[0] as [string, Blob];
    expect(name).toBe('customer-data-ana-example-com.json');
    expect(JSON.parse(await blob.text())).toEqual({ email: EMAIL, exported_at: '2026-07-18T04:00:00.000Z', sections: { bookings: [{ id: 'b-1', customer_name: 'Ana Lopez' }] } });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(`The CSV export of ${EMAIL} was downloaded.`)).toBeInTheDocument();
    const [csvName, csv] = downloads.mock.calls[1] as [string, Blob];
    expect(csvName).toBe('customer-data-ana-example-com.csv');
    expect(await csv.text()).toContain('bookings,b-1,customer_name,Ana Lopez');
  });

  it('erases only once the admin confirms the request, and shows the server’s refusal of a customer with a trip to come', async () => {
    const user = await open([
      {
        request: { query: ERASE_CUSTOMER_MUTATION, variables: { input: { email: 'dee@example.com' } } },
        result: { errors: [new GraphQLError('This customer has 1 live booking(s) of a workshop that has not started (WL-ABCDE): cancel or refund them first.', { extensions: { code: 'CUSTOMER_HAS_LIVE_BOOKING' } })] },
      },
      { request: { query: ERASE_CUSTOMER_MUTATION, variables: { input: { email: EMAIL } } }, result: { data: { eraseCustomer: erasure } } },
    ]);
    const input = screen.getByRole('textbox', { name: 'Customer email' });
    await user.type(input, 'dee@example.com');
    const erase = screen.getByRole('button', { name: 'Erase customer' });
    expect(erase).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'The customer asked to be erased' }));
    await user.click(erase);
    expect(await screen.findByRole('alert')).toHaveTextContent('has not started (WL-ABCDE)');

    await user.clear(input);
    await user.type(input, EMAIL);
    expect(erase).toBeDisabled(); // a new address asks for the confirmation again
    await user.click(screen.getByRole('checkbox', { name: 'The customer asked to be erased' }));
    await user.click(erase);
    expect(await screen.findByRole('status')).toHaveTextContent('Erased (request a1b2c3d4): 1 booking(s), 2 traveller(s), 1 community post(s) anonymised');
    expect(screen.getByRole('status')).toHaveTextContent('5 mail(s) blanked, 3 earlier audit entr(ies) rewritten.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the email field when the server refuses it', async () => {
    const user = await open([
      {
        request: { query: CUSTOMER_DATA_EXPORT_QUERY, variables: { email: 'nope' } },
        result: { errors: [new GraphQLError('Invalid input', { extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'email', message: 'email must be an email address' }] } })] },
      },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Customer email' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Enter the customer’s email address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Customer email' })).toHaveAttribute('aria-invalid', 'true');
  });
});
