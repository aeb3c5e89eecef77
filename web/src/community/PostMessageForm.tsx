import { useId, useState } from 'react';
import { EMAIL_PATTERN, fullMatch, MESSAGE_LIMITS as LIMITS } from 'api/shared/formats';
import type { MessageTopic } from '../gql/graphql';
import { useForm } from '../forms/useForm';
import { MESSAGE_TOPICS, TOPIC_LABELS } from './topics';
import { usePostMessage } from './usePostMessage';

const EMAIL = fullMatch(EMAIL_PATTERN);

type Field = 'authorName' | 'authorEmail' | 'message';
type Errors = Partial<Record<Field, string>>;

const EMPTY = { authorName: '', authorEmail: '', message: '', topic: 'general' as MessageTopic, website: '' };

function validate(values: typeof EMPTY): Errors {
  const errors: Errors = {};
  if (!values.authorName.trim()) errors.authorName = 'Please enter your name.';
  if (!values.authorEmail.trim()) errors.authorEmail = 'Please enter your email.';
  else if (!EMAIL.test(values.authorEmail.trim())) errors.authorEmail = 'Please enter a valid email address.';
  if (!values.message.trim()) errors.message = 'Please write a message.';
  return errors;
}

/**
 * Post to the board: name, email and message required, topic general by default.
 * On success the form resets; on failure the spec's alert, and the text stays.
 */
export function PostMessageForm({ workshopId, onPosted }: { workshopId: string; onPosted: (topic: MessageTopic) => void }) {
  const id = useId();
  const [status, setStatus] = useState('');
  const { post } = usePostMessage();
  const { values, setValues, set, errors, busy: posting, fieldRef, handleSubmit } = useForm<typeof EMPTY, Field>({
    initial: EMPTY,
    validate,
    onSubmit: async (values) => {
      setStatus('');
      await post({ ...values, authorEmail: values.authorEmail.trim(), workshopId });
      setValues(() => EMPTY);
      setStatus('Message posted.');
      onPosted(values.topic);
    },
    // The spec's alert; the text stays in the form.
    onFailure: () => {
      window.alert('Error posting message');
      return true;
    },
    fallback: 'Error posting message',
  });

  const describedBy = (f: Field) => (errors[f] ? `${id}-${f}-error` : undefined);
  const error = (f: Field) =>
    errors[f] ? (
      <span id={`${id}-${f}-error`} className="field__error">
        {errors[f]}
      </span>
    ) : null;

  return (
    <form id="post-message" className="card post-message" onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`}>
      <div className="card__body">
        <h2 id={`${id}-title`} className="post-message__title">
          Post a message
        </h2>
        <div className="form-grid form-grid--2">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              ref={fieldRef('authorName')}
              className="input"
              name="author_name"
              autoComplete="name"
              required
              maxLength={LIMITS.authorName}
              value={values.authorName}
              onChange={set('authorName')}
              aria-invalid={errors.authorName ? true : undefined}
              aria-describedby={describedBy('authorName')}
            />
            {error('authorName')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              ref={fieldRef('authorEmail')}
              className="input"
              type="email"
              name="author_email"
              autoComplete="email"
              required
              maxLength={LIMITS.authorEmail}
              value={values.authorEmail}
              onChange={set('authorEmail')}
              aria-invalid={errors.authorEmail ? true : undefined}
              aria-describedby={describedBy('authorEmail') ?? `${id}-email-hint`}
            />
            <span id={`${id}-email-hint`} className="field__hint">
              Never shown on the board.
            </span>
            {error('authorEmail')}
          </div>
        </div>
        <div className="field post-message__topic">
          <label htmlFor={`${id}-topic`}>Topic</label>
          <select id={`${id}-topic`} className="select" name="topic" value={values.topic} onChange={set('topic')}>
            {MESSAGE_TOPICS.map((t) => (
              <option key={t} value={t}>
                {TOPIC_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            ref={fieldRef('message')}
            className="textarea"
            name="message"
            required
            maxLength={LIMITS.message}
            value={values.message}
            onChange={set('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message') ?? `${id}-message-hint`}
          />
          <span id={`${id}-message-hint`} className="field__hint">
            {values.message.length}/{LIMITS.message} characters
          </span>
          {error('message')}
        </div>
        {/* Honeypot: hidden from people and screen readers; bots that fill every field give themselves away. */}
        <div className="post-message__hp" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
        </div>
        <div className="post-message__actions">
          <button type="submit" className="btn btn--primary" disabled={posting}>
            {posting ? 'Posting...' : 'Post Message'}
          </button>
          <span role="status" className="post-message__status">
            {status}
          </span>
        </div>
      </div>
    </form>
  );
}
