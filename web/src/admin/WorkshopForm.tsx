import { useId } from 'react';
import { POLICY } from 'api/shared/policy';
import type { DifficultyLevel, WorkshopsTab_WorkshopFragment as Workshop, WorkshopType } from '../gql/graphql';
import { labelOf, WORKSHOP_TYPE_LABELS } from '../ui/labels';
import { Field } from '../forms/Field';
import { useForm } from '../forms/useForm';
import { useCreateWorkshop, useUpdateWorkshop } from './useWorkshopMutations';

const DIFFICULTIES: readonly DifficultyLevel[] = ['Easy', 'Moderate', 'Challenging', 'Extreme'];
const WORKSHOP_TYPES: readonly WorkshopType[] = ['landscape', 'portrait_posing', 'adventure', 'storm_chasing', 'wildlife'];

/** US time zones offered in the form (any IANA zone is accepted). */
const TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];

interface FormValues {
  id: string;
  name: string;
  description: string;
  location: string;
  state: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  capacity: string;
  minimumParticipants: string;
  price: string;
  privateRoomSupplement: string;
  difficultyLevel: DifficultyLevel;
  workshopType: WorkshopType;
  imageUrl: string;
  highlights: string;
  itinerary: string;
  decisionDate: string;
}

function initialValues(w: Workshop | null): FormValues {
  if (!w) {
    return {
      id: '',
      name: '',
      description: '',
      location: '',
      state: '',
      startDate: '',
      endDate: '',
      timeZone: 'America/Denver',
      capacity: String(POLICY.maxGroupSize),
      minimumParticipants: String(POLICY.minParticipants),
      price: '',
      privateRoomSupplement: '',
      difficultyLevel: 'Moderate',
      workshopType: 'landscape',
      imageUrl: '',
      highlights: '',
      itinerary: '',
      decisionDate: '',
    };
  }
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    location: w.location,
    state: w.state,
    startDate: w.startDate,
    endDate: w.endDate,
    timeZone: w.timeZone,
    capacity: String(w.capacity),
    minimumParticipants: String(w.minimumParticipants),
    price: String(w.price),
    privateRoomSupplement: String(w.privateRoomSupplement),
    difficultyLevel: w.difficultyLevel,
    workshopType: w.workshopType,
    imageUrl: w.imageUrl,
    highlights: w.highlights.join('\n'),
    itinerary: w.itinerary,
    decisionDate: w.decisionDate ?? '',
  };
}

/** A number as typed; a blank or garbled one is sent as -1, which the server refuses naming the field. */
const num = (s: string): number => (s.trim() === '' || !Number.isFinite(Number(s)) ? -1 : Number(s));

/** The form's values as the create and update inputs share them (the server validates every field). */
function toInput(values: FormValues) {
  return {
    name: values.name,
    description: values.description,
    location: values.location,
    state: values.state,
    startDate: values.startDate,
    endDate: values.endDate,
    timeZone: values.timeZone.trim(),
    capacity: Math.trunc(num(values.capacity)),
    minimumParticipants: Math.trunc(num(values.minimumParticipants)),
    price: num(values.price),
    privateRoomSupplement: values.privateRoomSupplement.trim() === '' ? null : num(values.privateRoomSupplement),
    difficultyLevel: values.difficultyLevel,
    workshopType: values.workshopType,
    imageUrl: values.imageUrl.trim(),
    highlights: values.highlights.split('\n').map((h) => h.trim()).filter(Boolean),
    itinerary: values.itinerary,
    // Blank: the default decision date, the balance due date (docs/decisions/063).
    decisionDate: values.decisionDate.trim() === '' ? null : values.decisionDate,
  };
}

/** Add a workshop, or edit one: every field, validated by the server (errors shown next to their fields). */
export function WorkshopForm({ workshop, onDone, onCancel, onError }: { workshop: Workshop | null; onDone: (message: string) => void; onCancel: () => void; onError: (e: unknown) => boolean }) {
  const create = useCreateWorkshop();
  const update = useUpdateWorkshop();
  const headingId = useId();
  const { values, set, errors, problem, busy, problemRef, handleSubmit } = useForm<FormValues>({
    initial: () => initialValues(workshop),
    onSubmit: async (values) => {
      const fields = toInput(values);
      if (workshop) await update({ ...fields, id: workshop.id });
      else await create({ ...fields, id: values.id.trim() });
      onDone(workshop ? `${fields.name} was saved.` : `${fields.name} was added.`);
    },
    onFailure: onError,
    fallback: 'The change failed. Please try again.',
  });

  const text = (name: keyof FormValues, label: string, options: { hint?: string; type?: string; required?: boolean; maxLength?: number; min?: number; max?: number; step?: string; list?: string } = {}) => (
    <Field id={`workshop-${name}`} name={name} label={label} hint={options.hint} error={errors[name]}>
      {(p) => (
        <input
          {...p}
          className="input"
          type={options.type ?? 'text'}
          required={options.required ?? true}
          maxLength={options.maxLength}
          min={options.min}
          max={options.max}
          step={options.step}
          list={options.list}
          value={values[name]}
          onChange={set(name)}
        />
      )}
    </Field>
  );

  return (
    <form className="admin-workshop-form stack" onSubmit={handleSubmit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>{workshop ? `Edit ${workshop.name}` : 'New workshop'}</h2>
      {problem ? (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
          {problem}
        </div>
      ) : null}
      {workshop ? (
        <p className="muted">
          Id <code>{workshop.id}</code>. {workshop.spotsClaimed} spots are taken: capacity cannot go below that. Price changes apply to new bookings only.
        </p>
      ) : (
        text('id', 'Id (address)', { hint: 'Lower-case letters, digits and hyphens, e.g. zion-canyon-light-2027. It cannot be changed later.', maxLength: 64 })
      )}
      {text('name', 'Name', { maxLength: 160 })}
      <Field id="workshop-description" name="description" label="Description" hint="Paragraphs separated by a blank line." error={errors.description}>
        {(p) => <textarea {...p} className="input" rows={5} required maxLength={10_000} value={values.description} onChange={set('description')} />}
      </Field>
      <div className="form-row">
        {text('location', 'Location', { maxLength: 160 })}
        {text('state', 'State', { maxLength: 60 })}
      </div>
      <div className="form-row">
        {text('startDate', 'Start date', { type: 'date' })}
        {text('endDate', 'End date', { type: 'date' })}
        {text('timeZone', 'Time zone', { hint: 'IANA name of the place, e.g. America/Denver. Dates are days in this zone.', list: 'workshop-time-zones', maxLength: 60 })}
        <datalist id="workshop-time-zones">
          {TIME_ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <div className="form-row">
        {text('capacity', 'Capacity', { type: 'number', min: 1, max: POLICY.maxGroupSize, step: '1', hint: `1 to ${POLICY.maxGroupSize} participants.` })}
        {text('minimumParticipants', 'Minimum to run', { type: 'number', min: 1, max: POLICY.maxGroupSize, step: '1', hint: 'Participants needed for the workshop to go ahead.' })}
        {text('decisionDate', 'Go/no-go decision date', { type: 'date', required: false, hint: `Blank: the balance due date, ${POLICY.balanceDueDaysBefore} days before the start.` })}
      </div>
      <div className="form-row">
        {text('price', 'Price per person (US$)', { type: 'number', min: 1, step: '0.01' })}
        {text('privateRoomSupplement', 'Private room supplement (US$)', { type: 'number', min: 0, step: '0.01', required: false, hint: `Blank: the default $${POLICY.defaultPrivateRoomSupplementCents / 100}.` })}
      </div>
      <div className="form-row">
        <Field id="workshop-difficultyLevel" name="difficultyLevel" label="Difficulty" error={errors.difficultyLevel}>
          {(p) => (
            <select {...p} className="input" value={values.difficultyLevel} onChange={set('difficultyLevel')}>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="workshop-workshopType" name="workshopType" label="Type" error={errors.workshopType}>
          {(p) => (
            <select {...p} className="input" value={values.workshopType} onChange={set('workshopType')}>
              {WORKSHOP_TYPES.map((t) => (
                <option key={t} value={t}>
                  {labelOf(WORKSHOP_TYPE_LABELS, t)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {text('imageUrl', 'Image address', { hint: 'An https address or a site path such as /images/workshops/zion-canyon-light.jpg.', maxLength: 2000 })}
      <Field id="workshop-highlights" name="highlights" label="Highlights" hint="One per line, 1 to 8." error={errors.highlights}>
        {(p) => <textarea {...p} className="input" rows={5} required value={values.highlights} onChange={set('highlights')} />}
      </Field>
      <Field id="workshop-itinerary" name="itinerary" label="Itinerary" hint='One line per day, e.g. "Day 1: Arrive in Springdale".' error={errors.itinerary}>
        {(p) => <textarea {...p} className="input" rows={6} required maxLength={10_000} value={values.itinerary} onChange={set('itinerary')} />}
      </Field>
      <div className="admin-workshop-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : workshop ? 'Save changes' : 'Create workshop'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
