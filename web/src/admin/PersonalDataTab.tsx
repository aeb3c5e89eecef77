import { useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { KEPT_FOR_ACCOUNTING } from 'api/shared/retention';
import { PRIVACY_RETENTION_QUERY } from '../content/retention';
import type { CustomerDataExportQuery, CustomerDataExportQueryVariables, EraseCustomerMutation, EraseCustomerMutationVariables } from '../gql/graphql';
import { Field } from '../forms/Field';
import { graphqlProblem, problemMessage } from '../forms/graphqlProblem';
import { ProblemAlert } from '../forms/ProblemAlert';
import { downloadBlob } from './manifest';

export const CUSTOMER_DATA_EXPORT_QUERY: TypedDocumentNode<CustomerDataExportQuery, CustomerDataExportQueryVariables> = gql`
  query CustomerDataExport($email: String!) {
    customerDataExport(email: $email) {
      email
      exportedAt
      json
      csv
    }
  }
`;

export const ERASE_CUSTOMER_MUTATION: TypedDocumentNode<EraseCustomerMutation, EraseCustomerMutationVariables> = gql`
  mutation EraseCustomer($input: EraseCustomerInput!) {
    eraseCustomer(input: $input) {
      requestId
      bookings
      travellers
      messages
      reviews
      waitlistEntries
      mails
      credits
      auditEntries
    }
  }
`;

const fileStem = (email: string) => `customer-data-${email.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;

/**
 * Personal data (issue 26, docs/decisions/101): on a customer's request, download
 * everything held about their email address (JSON or CSV), or erase them.
 * Erasure is refused while they have a live booking of a workshop still to come.
 */
export function PersonalDataTab({ onError }: { onError: (error: unknown) => boolean }) {
  const client = useApolloClient();
  const [erase, erasing] = useMutation(ERASE_CUSTOMER_MUTATION, { context: { admin: true } });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [confirmed, setConfirmed] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const fail = (e: unknown, fallback: string) => {
    if (onError(e)) return;
    const p = graphqlProblem(e);
    if (p.fields.email) setFieldError('Enter the customer’s email address, like name@example.com.');
    else setProblem(problemMessage(e, fallback));
  };
  const reset = () => {
    setProblem(null);
    setDone(null);
    setFieldError(undefined);
  };
  const download = async (format: 'json' | 'csv') => {
    reset();
    setExporting(true);
    try {
      const { data } = await client.query({ query: CUSTOMER_DATA_EXPORT_QUERY, variables: { email: email.trim() }, context: { admin: true }, fetchPolicy: 'no-cache' });
      const x = data?.customerDataExport;
      if (!x) throw new Error('no export');
      const body = format === 'json' ? JSON.stringify({ email: x.email, exported_at: x.exportedAt, sections: JSON.parse(x.json) as unknown }, null, 2) : x.csv;
      downloadBlob(`${fileStem(x.email)}.${format}`, new Blob([body], { type: format === 'json' ? 'application/json' : 'text/csv;charset=utf-8' }));
      setDone(`The ${format.toUpperCase()} export of ${x.email} was downloaded.`);
    } catch (e) {
      fail(e, 'The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  const eraseNow = async () => {
    reset();
    try {
      const { data } = await erase({ variables: { input: { email: email.trim() } } });
      const r = data?.eraseCustomer;
      if (!r) return;
      setConfirmed(false);
      setDone(
        `Erased (request ${r.requestId}): ${r.bookings} booking(s), ${r.travellers} traveller(s), ${r.messages} community post(s) anonymised, ${r.reviews} review(s), ${r.waitlistEntries} waiting-list entr(ies), ${r.mails} mail(s) blanked, ${r.auditEntries} earlier audit entr(ies) rewritten. Payments and refunds are kept under the replaced name.`,
      );
    } catch (e) {
      fail(e, 'The customer could not be erased. Please try again.');
    }
  };
  const busy = exporting || erasing.loading;
  // The configured period (PERSONAL_DATA_RETENTION_DAYS), as the privacy policy states it.
  const retention = useQuery(PRIVACY_RETENTION_QUERY).data?.privacyRetention;

  return (
    <div className="stack personal-data">
      <p>
        Trip details (health, dietary needs, emergency contacts, ages, travel) are erased automatically{' '}
        {retention ? `${retention.tripDataDays} days` : 'a set time (PERSONAL_DATA_RETENTION_DAYS)'} after each workshop ends. {KEPT_FOR_ACCOUNTING.label} are kept {KEPT_FOR_ACCOUNTING.years} years for the books. On a customer’s request, export or
        erase everything held about their email address here; each export and erasure is in the Activity log.
      </p>
      <form className="stack" noValidate onSubmit={(e) => e.preventDefault()} aria-label="A customer's personal data">
        <Field id="personal-data-email" name="email" label="Customer email" error={fieldError}>
          {(p) => (
            <input
              {...p}
              className="input"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setConfirmed(false);
              }}
            />
          )}
        </Field>
        <div className="personal-data__actions">
          <button type="button" className="btn btn--outline" disabled={busy || !email.trim()} onClick={() => void download('json')}>
            Download JSON
          </button>
          <button type="button" className="btn btn--outline" disabled={busy || !email.trim()} onClick={() => void download('csv')}>
            Download CSV
          </button>
        </div>
        <fieldset className="stack personal-data__erase">
          <legend>Erase this customer</legend>
          <p className="field__hint">
            Their name, contact, health and trip details are replaced, their community posts anonymised and their mails blanked. Payments and
            refunds stay under the replaced name. This cannot be undone, and is refused while they have a booking for a workshop that has not
            started.
          </p>
          <label className="personal-data__confirm">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> The customer asked to be erased
          </label>
          <div>
            <button type="button" className="btn btn--primary" disabled={busy || !confirmed || !email.trim()} onClick={() => void eraseNow()}>
              Erase customer
            </button>
          </div>
        </fieldset>
      </form>
      <ProblemAlert problem={problem} />
      {done ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : null}
    </div>
  );
}
