import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { LEGAL_LAST_UPDATED } from './policyText';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface Props {
  title: string;
  description: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** The frame of the three legal pages: title, date, contents, numbered sections, back-to-home link. */
export function LegalPage({ title, description, intro, sections }: Props) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <span className="eyebrow">Legal</span>
          <h1>{title}</h1>
          <p className="legal__updated">Last updated {LEGAL_LAST_UPDATED}</p>
        </div>
      </section>
      <div className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-label="On this page">
            <h2 className="legal__toc-title">On this page</h2>
            <ol>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal__body prose">
            <div className="legal__intro">{intro}</div>
            {sections.map((s, i) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
                <h2 id={`${s.id}-title`}>
                  <span className="legal__num" aria-hidden="true">
                    {i + 1}.
                  </span>{' '}
                  {s.title}
                </h2>
                {s.body}
              </section>
            ))}
            <p className="legal__back">
              <Link to="/" className="btn btn--outline">
                <span aria-hidden="true">←</span> Back to Home
              </Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
