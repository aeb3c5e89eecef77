import { useEffect, useId, useRef } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { nextRunBase, nextRunDates } from 'api/shared/next-run';
import type { AdminProposedRunQuery, AdminProposedRunQueryVariables, WorkshopsTab_WorkshopFragment as Workshop } from '../gql/graphql';
import { Field } from '../forms/Field';
import { useForm } from '../forms/useForm';
import { useScheduleWorkshopAgain } from './useWorkshopMutations';

/** What the server proposes: the run a year later under an id no workshop has (docs/decisions/079). */
export const ADMIN_PROPOSED_RUN_QUERY: TypedDocumentNode<AdminProposedRunQuery, AdminProposedRunQueryVariables> = gql`
  query AdminProposedRun($sourceId: ID!) {
    adminProposedRun(sourceId: $sourceId) {
      id
      startDate
      endDate
    }
  }
`;

/** The next run a year later (same month and day), id `<id without a year>-<year>`: what is shown until the server's free id arrives, or if it cannot answer. */
export function nextRun(w: Pick<Workshop, 'id' | 'startDate' | 'endDate'>): { id: string; startDate: string; endDate: string } {
  const { startDate, endDate, year } = nextRunDates(w);
  return { id: nextRunBase(w.id, year), startDate, endDate };
}

/** "Schedule again": the proposed id (free, from the server) and dates a year on; everything else is copied. One click to create. */
export function ScheduleAgainForm(props: { source: Workshop; onDone: (message: string) => void; onCancel: () => void; onError: (e: unknown) => boolean }) {
  const { data, error } = useQuery(ADMIN_PROPOSED_RUN_QUERY, { variables: { sourceId: props.source.id }, context: { admin: true }, fetchPolicy: 'network-only' });
  if (!data && !error) return <p className="muted">Finding a free id for the new run...</p>;
  // Without the server's answer the local proposal stands; the server still refuses an id that is taken.
  const answer = data?.adminProposedRun;
  const proposal = answer ? { id: answer.id, startDate: answer.startDate, endDate: answer.endDate } : nextRun(props.source);
  return <ScheduleAgain {...props} proposal={proposal} />;
}

function ScheduleAgain({
  source,
  proposal,
  onDone,
  onCancel,
  onError,
}: {
  source: Workshop;
  proposal: { id: string; startDate: string; endDate: string };
  onDone: (message: string) => void;
  onCancel: () => void;
  onError: (e: unknown) => boolean;
}) {
  const schedule = useScheduleWorkshopAgain();
  const headingId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  const { values, set, errors, problem, busy, problemRef, handleSubmit } = useForm({
    initial: () => proposal,
    onSubmit: async (values) => {
      const workshop = await schedule({ sourceId: source.id, id: values.id.trim(), startDate: values.startDate, endDate: values.endDate || null });
      onDone(`${source.name} is scheduled again: ${workshop?.dates ?? values.startDate} (${values.id.trim()}).`);
    },
    onFailure: onError,
    fallback: 'The change failed. Please try again.',
  });

  return (
    <form className="admin-workshop-form stack" onSubmit={handleSubmit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>Schedule {source.name} again</h2>
      <p className="muted">
        A copy of this workshop ({source.dates}) with every spot free: the same text, price, capacity and photo. You can edit it afterwards.
      </p>
      {problem ? (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
          {problem}
        </div>
      ) : null}
      <Field id="workshop-id" name="id" label="Id of the new run" hint="Lower-case letters, digits and hyphens." error={errors.id}>
        {(p) => <input {...p} className="input" type="text" required maxLength={64} value={values.id} onChange={set('id')} />}
      </Field>
      <div className="form-row">
        <Field id="workshop-startDate" name="startDate" label="Start date" hint={`In ${source.timeZone}.`} error={errors.startDate}>
          {(p) => <input {...p} className="input" type="date" required value={values.startDate} onChange={set('startDate')} />}
        </Field>
        <Field id="workshop-endDate" name="endDate" label="End date" error={errors.endDate}>
          {(p) => <input {...p} className="input" type="date" required value={values.endDate} onChange={set('endDate')} />}
        </Field>
      </div>
      <div className="admin-workshop-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy} ref={firstRef}>
          {busy ? 'Scheduling...' : 'Create the new run'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
