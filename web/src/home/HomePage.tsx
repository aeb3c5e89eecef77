import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { PageMeta } from '../ui/PageMeta';
import { JsonLd } from '../ui/JsonLd';
import { absoluteUrl, useOrigin } from '../ssr/ServerRenderContext';
import { Empty, Loading } from '../ui/States';
import { WorkshopCard } from '../workshop/WorkshopCard';
import { WORKSHOPS_QUERY } from '../workshop/documents';
import { TestimonialCard } from '../content/TestimonialCard';
import { NO_REVIEWS, TESTIMONIALS_QUERY } from '../content/reviews';
import { DEPOSIT, INSTALLMENTS } from '../content/policyText';
import { anyTakesDeposit } from '../workshop/paymentOptionsText';
import { HeroPicture, InstructorPortrait } from '../ui/SitePictures';
import { bookableWorkshops, inSeason, isBookable, isFillingFast, listedDates, seasonOf, spansYears } from 'api/shared/season';

const I = BRAND.instructor;

/** Icon paths (24 x 24, stroked) of the reasons. */
const REASONS = [
  {
    title: `Small groups of at most ${POLICY.maxGroupSize}`,
    text: 'Every participant gets time at the best position and one-to-one coaching in the field, not a spot at the back of a crowd.',
    icon: 'M8 11a3 3 0 100-6 3 3 0 000 6zm8 0a3 3 0 100-6 3 3 0 000 6zM2 20c0-3 2.7-5 6-5s6 2 6 5m0-4.6c.6-.3 1.3-.4 2-.4 3.3 0 6 2 6 5',
  },
  {
    title: 'All-inclusive',
    text: 'Shared accommodation, meals, park permits and ground transport are included, so you can think about light, not logistics.',
    icon: 'M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6h-6v6H4a1 1 0 01-1-1z',
  },
  {
    title: 'Flexible payment',
    // General: which options a workshop takes depends on how far ahead it starts (its own page says, issue 21).
    text: `Pay in full, or book early to reserve with a ${DEPOSIT} deposit or spread the cost over ${INSTALLMENTS}. Each workshop’s page shows the options open today.`,
    icon: 'M3 6h18v12H3zM3 10h18M7 15h4',
  },
  {
    title: 'An expert instructor',
    text: `${I.name} has ${I.yearsExperience} years of professional experience and a degree in photojournalism.`,
    icon: 'M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 100-8 4 4 0 000 8z',
  },
] as const;

/**
 * The sections that read the catalog and the reviews are components of their own: each is a
 * separate unit of React's work, so hydration can yield between them (docs/performance.md).
 */
function PopularWorkshops() {
  const workshops = useQuery(WORKSHOPS_QUERY);
  useEffect(() => {
    if (workshops.error) console.warn('Failed to load workshops', workshops.error);
  }, [workshops.error]);
  const runs = workshops.data?.workshops ?? [];
  const season = seasonOf(runs);
  // "Filling fast" only when true (shared/season isFillingFast): those runs, fewest spots first;
  // otherwise the next runs that can be booked, under a heading that claims nothing.
  const filling = runs.filter(isFillingFast).sort((a, b) => a.availableSpots - b.availableSpots);
  const popular = (filling.length > 0 ? filling : runs.filter(isBookable).sort((a, b) => (a.startDate < b.startDate ? -1 : 1))).slice(0, 3);
  const claimsPopular = filling.length > 0;
  return (
    <section className="section section--sand" aria-labelledby="popular-heading">
      <div className="container">
        <div className="section__header section__header--row">
          <div>
            <span className="eyebrow">{claimsPopular ? 'Filling fast' : 'Open for booking'}</span>
            <h2 id="popular-heading">{claimsPopular ? 'Popular Workshops' : 'Upcoming Workshops'}</h2>
          </div>
          <Link to="/workshops" className="link-arrow">
            {season.bookableCount > 1 ? `All ${bookableWorkshops(season)}` : 'All workshops'} <span aria-hidden="true">→</span>
          </Link>
        </div>
        {workshops.loading && !workshops.data ? (
          <Loading>Loading workshops...</Loading>
        ) : popular.length === 0 ? (
          <Empty>No workshops available</Empty>
        ) : (
          <div className="grid grid--cards">
            {popular.map((w) => (
              <WorkshopCard key={w.id} workshop={w} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function ReviewsTeaser() {
  const reviews = useQuery(TESTIMONIALS_QUERY);
  useEffect(() => {
    if (reviews.error) console.warn('Failed to load testimonials', reviews.error);
  }, [reviews.error]);
  // The teaser shows the best-rated, most recent three.
  const teaser = [...(reviews.data?.testimonials ?? [])].sort((a, b) => b.rating - a.rating || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, 3);
  return (
    <section className="section section--forest" aria-labelledby="reviews-heading">
      <div className="container">
        <div className="section__header section__header--row">
          <div>
            <span className="eyebrow eyebrow--light">Reviews</span>
            <h2 id="reviews-heading">What our participants say</h2>
          </div>
          <Link to="/testimonials" className="link-arrow link-arrow--light">
            Read all reviews <span aria-hidden="true">→</span>
          </Link>
        </div>
        {reviews.loading && !reviews.data ? (
          <Loading>Loading reviews...</Loading>
        ) : teaser.length === 0 ? (
          <Empty>{NO_REVIEWS}</Empty>
        ) : (
          <div className="review-grid review-grid--teaser">
            {teaser.map((t) => (
              <TestimonialCard key={t.id} testimonial={t} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** The closing call: it offers the deposit only while a workshop that can be booked takes one today. */
function ReserveBand() {
  const workshops = useQuery(WORKSHOPS_QUERY);
  const deposit = anyTakesDeposit(workshops.data?.workshops ?? []);
  const season = seasonOf(workshops.data?.workshops ?? []);
  return (
    <section className="cta-band">
      <div className="container cta-band__inner">
        <div>
          <h2>Reserve your place{season.label ? ` for ${season.label}` : ''}</h2>
          <p data-testid="reserve-line">
            Groups close at {POLICY.maxGroupSize}. {deposit ? `Hold your seat today with a ${DEPOSIT} deposit.` : 'Book your seat today.'}
          </p>
        </div>
        <Link to="/workshops" className="btn btn--primary btn--large">
          Find your workshop
        </Link>
      </div>
    </section>
  );
}

function SeasonList() {
  const workshops = useQuery(WORKSHOPS_QUERY);
  const runs = workshops.data?.workshops ?? [];
  const season = seasonOf(runs);
  // Runs of two years listed together show their years (two "Apr 13-18" would read as one run).
  const withYear = spansYears(runs);
  return (
    <section className="section" aria-labelledby="places-heading">
      <div className="container">
        <div className="section__header">
          <span className="eyebrow">Where we go</span>
          <h2 id="places-heading">{season.label ? `The ${season.label} season` : 'Our season'}</h2>
          <p className="lead">From February wolves in Yellowstone to December spoonbills in the Everglades, every workshop is timed to the season when its light and wildlife peak.</p>
        </div>
        {workshops.data && workshops.data.workshops.length > 0 ? (
          <ol className="season-list">
            {workshops.data.workshops.map((w) => (
              <li key={w.id} className={w.hasStarted ? 'season-list__item--past' : undefined}>
                <span className="season-list__date">
                  {listedDates(w.dates, withYear)}
                  {w.hasStarted ? <span className="badge badge--grey season-list__past">{w.hasEnded ? 'Past' : 'Under way'}</span> : null}
                </span>
                <Link to={`/workshop/${w.id}`} className="season-list__name">
                  {w.name}
                </Link>
                <span className="season-list__place">
                  {w.location}, {w.state}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  const origin = useOrigin();
  // The home page reads the whole catalog for its sections: the season from the same cached answer.
  const season = seasonOf(useQuery(WORKSHOPS_QUERY).data?.workshops ?? []);

  return (
    <>
      <PageMeta
        title={BRAND.name}
        description={`${BRAND.tagline}. All-inclusive workshops${inSeason(season)} in Zion, Alaska, Yellowstone and more, with groups of at most ${POLICY.maxGroupSize}.`}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: BRAND.name,
          url: absoluteUrl(origin, '/'),
          description: BRAND.tagline,
          email: BRAND.contactEmail,
          founder: { '@type': 'Person', name: I.name, jobTitle: 'Photographer and instructor' },
        }}
      />
      <section className="hero">
        <HeroPicture />
        <div className="hero__content container">
          <span className="eyebrow eyebrow--light">{season.label ? `${season.label} workshop season` : 'Workshop season'}</span>
          <h1>Photograph America’s wildest light, in a group of {POLICY.maxGroupSize} or fewer</h1>
          <p className="hero__lead">
            {`All-inclusive photography workshops in Zion, Alaska, Yellowstone and more iconic places, led by a ${I.yearsExperience}-year professional.`}
          </p>
          <div className="hero__actions">
            <button type="button" className="btn btn--primary btn--large" onClick={() => navigate('/workshops')}>
              Explore Workshops
            </button>
            <Link to="/about-instructor" className="btn btn--glass btn--large">
              Meet {I.firstName}
            </Link>
            <Link to="/gift-cards" className="btn btn--glass btn--large">
              Give a Gift Card
            </Link>
          </div>
        </div>
      </section>

      <div className="trust-strip">
        <ul className="container trust-strip__list" aria-label="At a glance">
          <li>
            <strong>{I.yearsExperience} years</strong> <span>behind the camera</span>
          </li>
          <li>
            <strong>Max {POLICY.maxGroupSize}</strong> <span>photographers per group</span>
          </li>
          <li>
            <strong>{bookableWorkshops(season)}</strong> <span>open for booking{inSeason(season)}</span>
          </li>
          <li>
            <strong>All-inclusive</strong> <span>lodging, meals, permits</span>
          </li>
        </ul>
      </div>

      <section className="section" aria-labelledby="why-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">Why {BRAND.shortName}</span>
            <h2 id="why-heading">Why Choose Us</h2>
            <p className="lead">Workshops designed by a working photographer around the one thing that matters most: being in the right place when the light is right.</p>
          </div>
          <div className="grid grid--4 reasons">
            {REASONS.map((r) => (
              <div key={r.title} className="reason">
                <svg className="reason__icon" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={r.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <PopularWorkshops />

      <section className="section instructor-band" aria-labelledby="instructor-heading">
        <div className="container instructor-band__inner">
          <div className="instructor-band__media">
            <InstructorPortrait illustrationAlt="" sizes="(min-width: 900px) 400px, 100vw" />
          </div>
          <div className="instructor-band__text">
            <span className="eyebrow">Your instructor</span>
            <h2 id="instructor-heading">{I.name}</h2>
            <blockquote className="pull-quote">
              <p>“I keep the groups small so that I can stand beside every person in the field. That is where photographs get better.”</p>
            </blockquote>
            <p>
              {I.yearsExperience} years as a professional photographer, a degree in photojournalism, two years teaching wildlife photography
              in Africa and five years running a portrait and wedding studio. Now he brings all of it to the places he loves most.
            </p>
            <Link to="/about-instructor" className="btn btn--outline">
              Read {I.firstName}’s story
            </Link>
          </div>
        </div>
      </section>

      <ReviewsTeaser />

      <SeasonList />

      <ReserveBand />
    </>
  );
}
