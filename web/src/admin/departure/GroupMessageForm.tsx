import { useId, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type { PreviewGroupMessageQuery } from '../../gql/graphql';
import { Field } from '../../forms/Field';
import { useForm } from '../../forms/useForm';
import { PREVIEW_GROUP_MESSAGE_QUERY, SEND_GROUP_MESSAGE_MUTATION } from './departure.documents';

interface Values {
  subject: string;
  body: string;
  includeWaitlist: string;
}

type Preview = PreviewGroupMessageQuery['previewGroupMessage'];

/**
 * "Message the group": write, preview (the text and every recipient, nothing
 * sent), then send through the outbox (docs/decisions/088). Editing after a
 * preview asks for a new preview before sending.
 */
export function GroupMessageForm({ workshopId, onSent, onError }: { workshopId: string; onSent: (message: string) => void; onError: (e: unknown) => boolean }) {
  const headingId = useId();
  const client = useApolloClient();
  const [send] = useMutation(SEND_GROUP_MESSAGE_MUTATION, { context: { admin: true } });
  const [preview, setPreview] = useState<Preview | null>(null);
  const form = useForm<Values>({
    initial: { subject: '', body: '', includeWaitlist: '' },
    onSubmit: async (v) => {
      const input = { workshopId, subject: v.subject, body: v.body, includeWaitlist: v.includeWaitlist === 'yes' };
      const { data } = await client.query({ query: PREVIEW_GROUP_MESSAGE_QUERY, variables: { input }, context: { admin: true }, fetchPolicy: 'no-cache' });
      setPreview(data?.previewGroupMessage ?? null);
    },
    onFailure: onError,
    fallback: 'The preview failed. Please try again.',
  });
  const { values, set, errors, problem, busy, problemRef, handleSubmit, run } = form;
  const change = (name: keyof Values) => (e: { target: { value: string } }) => {
    setPreview(null);
    set(name)(e);
  };
  const sendNow = () =>
    run(async () => {
      const input = { workshopId, subject: values.subject, body: values.body, includeWaitlist: values.includeWaitlist === 'yes' };
      const { data } = await send({ variables: { input } });
      const n = data?.sendGroupMessage.sent.recipients.length ?? 0;
      setPreview(null);
      form.setValues(() => ({ subject: '', body: '', includeWaitlist: '' }));
      onSent(`Your message was sent to ${n} ${n === 1 ? 'recipient' : 'recipients'}.`);
    });

  return (
    <form className="stack departure__message-form no-print" onSubmit={handleSubmit} aria-labelledby={headingId} noValidate>
      <h4 id={headingId}>Message the group</h4>
      {problem ? (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
          {problem}
        </div>
      ) : null}
      <Field id="group-subject" name="subject" label="Subject" error={errors.subject}>
        {(p) => <input {...p} className="input" required maxLength={200} value={values.subject} onChange={change('subject')} />}
      </Field>
      <Field id="group-body" name="body" label="Message" hint="Plain text; a blank line starts a new paragraph." error={errors.body}>
        {(p) => <textarea {...p} className="input" rows={6} required maxLength={5000} value={values.body} onChange={change('body')} />}
      </Field>
      <div className="checkbox">
        <input id="group-waitlist" type="checkbox" checked={values.includeWaitlist === 'yes'} onChange={(e) => change('includeWaitlist')({ target: { value: e.target.checked ? 'yes' : '' } })} />
        <label htmlFor="group-waitlist">Also write to the waiting list</label>
      </div>
      <div>
        <button type="submit" className="btn btn--outline" disabled={busy}>
          {busy && !preview ? 'Preparing preview...' : 'Preview'}
        </button>
      </div>
      {preview && (
        <section className="departure__preview card" aria-label="Preview of the message">
          <div className="card__body">
            <p className="muted">
              To {preview.recipients.length} {preview.recipients.length === 1 ? 'recipient' : 'recipients'}: {preview.recipients.map((r) => `${r.name} <${r.email}>${r.audience === 'waitlist' ? ' (waiting list)' : ''}`).join(', ')}
            </p>
            <h5>{preview.subject}</h5>
            {preview.text.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <button type="button" className="btn btn--primary" onClick={sendNow} disabled={busy || preview.recipients.length === 0}>
              {busy ? 'Sending...' : `Send to ${preview.recipients.length} ${preview.recipients.length === 1 ? 'recipient' : 'recipients'}`}
            </button>
          </div>
        </section>
      )}
    </form>
  );
}
