import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { PageMeta } from '../ui/PageMeta';
import { DEPOSIT, INSTALLMENTS, SPOUSE_PRICE_PHRASE } from './policyText';
import { Picture } from '../ui/Picture';

const PILLARS = [
  {
    title: 'Expert instruction',
    text: `${BRAND.instructor.name} brings ${BRAND.instructor.yearsExperience} years of professional work and a degree in photojournalism to every workshop. Instruction happens beside you in the field and in daily image reviews, not in a lecture hall.`,
    icon: 'M12 3l9 5-9 5-9-5 9-5zm-6 8v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5',
  },
  {
    title: `Small groups of at most ${POLICY.maxGroupSize}`,
    text: `With no more than ${POLICY.maxGroupSize} photographers, everyone gets the front row at the overlook, a seat by the window and real time with the instructor. Parks and wildlife are better for it too.`,
    icon: 'M8 11a3 3 0 100-6 3 3 0 000 6zm8 0a3 3 0 100-6 3 3 0 000 6zM2 20c0-3 2.7-5 6-5s6 2 6 5m0-4.6c.6-.3 1.3-.4 2-.4 3.3 0 6 2 6 5',
  },
  {
    title: 'Iconic locations',
    text: 'Zion’s slot canyons, Alaska’s bear meadows, Yellowstone in winter, the Grand Tetons in autumn color, supercells over the Great Plains: places at the time of year when their light is best.',
    icon: 'M3 20l6-11 4 6 3-4 5 9H3zm13-13a2 2 0 110-4 2 2 0 010 4z',
  },
] as const;

const DIFFERENTIATORS = [
  {
    title: 'All-inclusive',
    text: 'Shared accommodation, meals, park fees, permits and ground transport are in the price. No surprise costs on location.',
  },
  {
    title: 'Flexible payment',
    text: `Pay in full, or book early to reserve with a ${DEPOSIT} deposit or spread the cost over ${INSTALLMENTS}; each workshop’s page shows the options open today.`,
  },
  {
    title: 'Community connection',
    text: 'Every workshop has its own community board to share rides, compare gear and get to know the group before day one.',
  },
  {
    title: 'Spouse-friendly',
    text: `A non-photographer spouse or partner comes along at ${SPOUSE_PRICE_PHRASE}, shares your room and every outing.`,
  },
] as const;

export default function AboutUsPage() {
  return (
    <>
      <PageMeta
        title="About Us"
        description={`${BRAND.name} runs all-inclusive photography workshops for groups of at most ${POLICY.maxGroupSize} in Zion, Alaska, Yellowstone and more, led by a ${BRAND.instructor.yearsExperience}-year professional.`}
      />
      <section className="page-hero page-hero--image">
        <Picture className="page-hero__image" src="/images/about-us.svg" alt="" width={1600} height={700} sizes="100vw" priority />
        <div className="container page-hero__content">
          <span className="eyebrow eyebrow--light">About us</span>
          <h1>Better photographs, made together</h1>
          <p className="lead">
            {BRAND.name} is a small company with one instructor and one idea: the best way to grow as a photographer is to stand in a
            great place, in great light, next to someone who can show you what to do with it.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="mission-heading">
        <div className="container mission">
          <div>
            <span className="eyebrow">Our mission</span>
            <h2 id="mission-heading">Help every participant come home with photographs they are proud of</h2>
          </div>
          <div className="prose">
            <p>
              We take care of everything that usually gets between a photographer and a great image: the lodge, the meals, the permits,
              the drive in the dark to the right overlook at the right minute. You bring your camera and your curiosity.
            </p>
            <p>
              In the field we teach the craft behind the picture: reading light, composing with intent, working with wildlife and with
              people, and editing with restraint. Beginners leave with confidence in manual mode; professionals leave with new work for
              their portfolio.
            </p>
          </div>
        </div>
      </section>

      <section className="section section--sand" aria-labelledby="pillars-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">What we stand on</span>
            <h2 id="pillars-heading">Three pillars</h2>
          </div>
          <div className="grid grid--3">
            {PILLARS.map((p) => (
              <div key={p.title} className="feature-card feature-card--icon">
                <svg className="feature-card__icon" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={p.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="different-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">Why people choose us</span>
            <h2 id="different-heading">What makes us different</h2>
          </div>
          <dl className="differentiators">
            {DIFFERENTIATORS.map((d) => (
              <div key={d.title}>
                <dt>{d.title}</dt>
                <dd>{d.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="cta-band">
        <div className="container cta-band__inner">
          <div>
            <h2>Find your workshop</h2>
            <p>
              Workshops across the United States: landscape, wildlife, portrait and posing, adventure and storm chasing.
            </p>
          </div>
          <Link to="/workshops" className="btn btn--primary">
            Browse the workshops
          </Link>
        </div>
      </section>
    </>
  );
}
