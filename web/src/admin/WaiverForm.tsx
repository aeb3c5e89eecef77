import { useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type { AdminWorkshopWaiverQuery, AdminWorkshopWaiverQueryVariables, SaveWorkshopWaiverMutation, SaveWorkshopWaiverMutationVariables } from '../gql/graphql';
import { graphqlProblem } from '../forms/graphqlProblem';

const WAIVER_FIELDS = gql`
  fragment WaiverForm_waiver on WorkshopWaiver {
    workshopId
    current {
      version
      text
      contentHash
      createdAt
    }
    versions {
      version
      contentHash
      createdAt
    }
  }
`;

export const ADMIN_WORKSHOP_WAIVER_QUERY: TypedDocumentNode<AdminWorkshopWaiverQuery, AdminWorkshopWaiverQueryVariables> = gql`
  query AdminWorkshopWaiver($workshopId: ID!) {
    adminWorkshopWaiver(workshopId: $workshopId) {
      ...WaiverForm_waiver
    }
  }
  ${WAIVER_FIELDS}
`;

export const SAVE_WORKSHOP_WAIVER_MUTATION: TypedDocumentNode<SaveWorkshopWaiverMutation, SaveWorkshopWaiverMutationVariables> = gql`
  mutation SaveWorkshopWaiver($input: SaveWaiverInput!) {
    saveWorkshopWaiver(input: $input) {
      ...WaiverForm_waiver
    }
  }
  ${WAIVER_FIELDS}
`;

/**
 * A workshop's release of liability (issue 25, docs/decisions/085): the current text to edit;
 * saving adds a version (older ones are kept with their SHA-256) and asks travellers who have
 * not travelled yet to sign again.
 */
export function WaiverForm({ workshop, onDone, onCancel, onError }: { workshop: { id: string; name: string }; onDone: (message: string) => void; onCancel: () => void; onError: (e: unknown) => boolean }) {
  const { data, error } = useQuery(ADMIN_WORKSHOP_WAIVER_QUERY, { variables: { workshopId: workshop.id }, context: { admin: true }, fetchPolicy: 'network-only' });
  if (error) {
    onError(error);
    return <p className="notice notice--error">The waiver could not be loaded.</p>;
  }
  if (!data) return <p className="muted">Loading the waiver...</p>;
  return <WaiverEditor key={data.adminWorkshopWaiver.current.contentHash} workshop={workshop} waiver={data.adminWorkshopWaiver} onDone={onDone} onCancel={onCancel} onError={onError} />;
}

function WaiverEditor({
  workshop,
  waiver,
  onDone,
  onCancel,
  onError,
}: {
  workshop: { id: string; name: string };
  waiver: AdminWorkshopWaiverQuery['adminWorkshopWaiver'];
  onDone: (message: string) => void;
  onCancel: () => void;
  onError: (e: unknown) => boolean;
}) {
  const [text, setText] = useState(waiver.current.text);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { loading }] = useMutation(SAVE_WORKSHOP_WAIVER_MUTATION, { context: { admin: true } });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const res = await save({ variables: { input: { workshopId: workshop.id, text } } });
      const v = res.data?.saveWorkshopWaiver.current.version ?? waiver.current.version;
      onDone(v === waiver.current.version ? `The waiver of ${workshop.name} is unchanged.` : `The waiver of ${workshop.name} is now version ${v}: travellers who signed an older one are asked again.`);
    } catch (err) {
      if (!onError(err)) setProblem(graphqlProblem(err).fields.text ?? graphqlProblem(err).message ?? 'The waiver could not be saved.');
    }
  };
  return (
    <form className="admin-waiver-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="waiver-form-title">
      <h3 id="waiver-form-title">Release of liability: {workshop.name}</h3>
      <p className="muted">
        {waiver.current.version === 0 ? 'The default text (no version saved yet).' : `Version ${waiver.current.version}.`} {waiver.versions.length} saved version
        {waiver.versions.length === 1 ? '' : 's'}, each kept with its SHA-256; saving a change adds a version and asks again those who have not travelled.
      </p>
      <div className="field">
        <label htmlFor="waiver-text">Waiver text</label>
        <textarea className="textarea" id="waiver-text" rows={14} maxLength={20_000} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'waiver-text-error' : undefined} />
        {problem && (
          <p className="field__error" id="waiver-text-error">
            {problem}
          </p>
        )}
      </div>
      <div className="admin-workshops-table__actions">
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Saving...' : 'Save as a new version'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
