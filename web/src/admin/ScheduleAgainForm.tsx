import { useEffect, useId, useRef } from 'react';
import { addDays, daysBetween } from 'api/shared/dates';
import type { WorkshopsTab_WorkshopFragment as Workshop } from '../gql/graphql';
import { Field } from '../forms/Field';
import { useForm } from '../forms/useForm';
import { useScheduleWorkshopAgain } from './useWorkshopMutations';

/** The proposed next run: a year later (same month and day), id `<id without a year>-<year>`. */
export function nextRun(w: Pick<Workshop, 'id' | 'startDate' | 'endDate'>): { id: string; startDate: string; endDate: string } {
  const year = Number(w.startDate.slice(0, 4)) + 1;
  const startDate = `${year}${w.startDate.slice(4)}`.replace(/-02-29$/, '-02-28');
  const endDate = addDays(startDate, daysBetween(w.startDate, w.endDate));
  const base = w.id.replace(/-\d{4}$/, '');
  return { id: `${base}-${year}`.slice(0, 64), startDate, endDate };
}

/** "Schedule again": the proposed id and dates a year on; everything else is copied. One click to create. */
export function ScheduleAgainForm({ source, onDone, onCancel, onError }: { source: Workshop; onDone: (message: string) => void; onCancel: () => void; onError: (e: unknown) => boolean }) {
  const schedule = useScheduleWorkshopAgain();
  const headingId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  const { values, set, errors, problem, busy, problemRef, handleSubmit } = useForm({
    initial: () => nextRun(source),
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
