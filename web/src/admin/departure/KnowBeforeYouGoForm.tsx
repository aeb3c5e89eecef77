import { useId } from 'react';
import { useMutation } from '@apollo/client/react';
import type { KnowBeforeYouGoFacts_DetailsFragment } from '../../gql/graphql';
import { Field } from '../../forms/Field';
import { useForm } from '../../forms/useForm';
import { SET_KNOW_BEFORE_YOU_GO_MUTATION } from './departure.documents';

interface Values {
  meetingAddress: string;
  meetingMapUrl: string;
  meetingTime: string;
  weather: string;
  whatToBring: string;
  emergencyPhone: string;
}

const initialOf = (k: KnowBeforeYouGoFacts_DetailsFragment | null): Values => ({
  meetingAddress: k?.meetingAddress ?? '',
  meetingMapUrl: k?.meetingMapUrl ?? '',
  meetingTime: k?.meetingTime ?? '',
  weather: k?.weather ?? '',
  whatToBring: k?.whatToBring ?? '',
  emergencyPhone: k?.emergencyPhone ?? '',
});

/** The admin writes a run's know before you go; saving schedules the mails 14 and 2 days before the start (docs/decisions/087). */
export function KnowBeforeYouGoForm({ workshopId, details, onSaved, onError }: { workshopId: string; details: KnowBeforeYouGoFacts_DetailsFragment | null; onSaved: (message: string) => void; onError: (e: unknown) => boolean }) {
  const headingId = useId();
  const [save] = useMutation(SET_KNOW_BEFORE_YOU_GO_MUTATION, { context: { admin: true } });
  const { values, set, errors, problem, busy, problemRef, handleSubmit } = useForm<Values>({
    initial: () => initialOf(details),
    onSubmit: async (v) => {
      await save({ variables: { input: { workshopId, ...v, meetingMapUrl: v.meetingMapUrl.trim() === '' ? null : v.meetingMapUrl.trim() } } });
      onSaved('Know before you go was saved. The mails go 14 and 2 days before the start.');
    },
    onFailure: onError,
    fallback: 'The details could not be saved. Please try again.',
  });
  const text = (name: keyof Values, label: string, options: { hint?: string; type?: string; required?: boolean; maxLength?: number } = {}) => (
    <Field id={`kbyg-${name}`} name={name} label={label} hint={options.hint} error={errors[name]}>
      {(p) => <input {...p} className="input" type={options.type ?? 'text'} required={options.required ?? true} maxLength={options.maxLength} value={values[name]} onChange={set(name)} />}
    </Field>
  );
  const area = (name: keyof Values, label: string, hint?: string) => (
    <Field id={`kbyg-${name}`} name={name} label={label} hint={hint} error={errors[name]}>
      {(p) => <textarea {...p} className="input" rows={3} required maxLength={2000} value={values[name]} onChange={set(name)} />}
    </Field>
  );
  return (
    <form className="stack departure__kbyg-form no-print" onSubmit={handleSubmit} aria-labelledby={headingId} noValidate>
      <h5 id={headingId}>Edit know before you go</h5>
      {problem ? (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
          {problem}
        </div>
      ) : null}
      {text('meetingAddress', 'Meeting point (address)', { maxLength: 300 })}
      {text('meetingMapUrl', 'Map link', { type: 'url', required: false, maxLength: 1000, hint: 'An https link, e.g. from Google or Apple Maps (optional).' })}
      <div className="form-row">
        {text('meetingTime', 'Meeting time', { type: 'time', hint: 'On the first day, in the workshop time zone.' })}
        {text('emergencyPhone', 'Emergency phone on the trip', { type: 'tel', maxLength: 40 })}
      </div>
      {area('weather', 'What to expect from the weather')}
      {area('whatToBring', 'What to bring beyond the gear list')}
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save know before you go'}
        </button>
      </div>
    </form>
  );
}
