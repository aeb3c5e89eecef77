import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { PageMeta } from '../ui/PageMeta';

export const MESSAGE_SENT = "Message sent! We'll respond within 24 hours.";
/** How long the confirmation replaces the form (spec section 9: 3 s). */
export const SENT_MS = 3000;

/**
 * The contact form is local only (spec section 7): validation is the browser's
 * own, and submitting shows a confirmation for three seconds before an empty
 * form returns. Nothing is sent anywhere.
 */
export default function ContactPage() {
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const returning = useRef(false);

  useEffect(() => {
    if (!sent) return;
    statusRef.current?.focus();
    const timer = setTimeout(() => {
      returning.current = true;
      setSent(false);
    }, SENT_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  useEffect(() => {
    // When the form comes back, put the keyboard user where they left off.
    if (!sent && returning.current) {
      returning.current = false;
      nameRef.current?.focus();
    }
  }, [sent]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSent(true);
  };

  return (
    <>
      <PageMeta
        title="Contact"
        description={`Questions about a photography workshop? Write to ${BRAND.contactEmail}; we respond within ${POLICY.responseTimeHours} hours, Monday to Friday 9 AM to 6 PM Pacific.`}
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Contact</span>
          <h1>Let’s talk about your next photograph</h1>
          <p className="lead">
            Not sure which workshop suits your experience, or whether your lens is long enough for the bears? Ask us. A real person, usually{' '}
            {BRAND.instructor.firstName} himself, answers every message.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container contact-layout">
          <div className="card contact-card">
            <div className="card__body">
              {sent ? (
                <div ref={statusRef} className="contact-sent" role="status" tabIndex={-1}>
                  <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
                    <circle cx="24" cy="24" r="22" fill="var(--color-success-bg)" />
                    <path d="M14 24.5l7 7 13-14" fill="none" stroke="var(--color-success)" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  <p>{MESSAGE_SENT}</p>
                </div>
              ) : (
                <form className="form-grid" onSubmit={submit} aria-labelledby="contact-form-heading">
                  <h2 id="contact-form-heading" className="contact-card__title">
                    Send us a message
                  </h2>
                  <div className="form-grid form-grid--2">
                    <div className="field">
                      <label htmlFor="contact-name">Name</label>
                      <input ref={nameRef} id="contact-name" name="name" className="input" autoComplete="name" required />
                    </div>
                    <div className="field">
                      <label htmlFor="contact-email">Email</label>
                      <input id="contact-email" name="email" type="email" className="input" autoComplete="email" required />
                    </div>
                  </div>
                  <div className="field">
                    <label htmlFor="contact-subject">Subject</label>
                    <input id="contact-subject" name="subject" className="input" required />
                  </div>
                  <div className="field">
                    <label htmlFor="contact-message">Message</label>
                    <textarea id="contact-message" name="message" className="textarea" rows={6} required />
                  </div>
                  <div>
                    <button type="submit" className="btn btn--primary">
                      Send Message
                    </button>
                  </div>
                </form>
              )}
            </div>
          </div>

          <aside className="contact-info" aria-label="Other ways to reach us">
            <div className="contact-info__block">
              <h2>Email</h2>
              <p>
                <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
              </p>
            </div>
            <div className="contact-info__block">
              <h2>Response time</h2>
              <p>{BRAND.responseTime}.</p>
            </div>
            <div className="contact-info__block">
              <h2>Quick answers</h2>
              <p>
                Payments, cancellations, spouses and gear are covered in our <Link to="/faq">frequently asked questions</Link>.
              </p>
            </div>
            <div className="contact-info__block">
              <h2>Based in</h2>
              <p>{BRAND.instructor.homeBase}, and on the road across the United States from February to December.</p>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
