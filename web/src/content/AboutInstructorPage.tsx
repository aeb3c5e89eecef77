import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { PageMeta } from '../ui/PageMeta';
import { InstructorPortrait } from '../ui/SitePictures';
import { bookableWorkshops, inSeason } from 'api/shared/season';
import { seasonTitle, useSeason } from '../workshop/useSeason';

const I = BRAND.instructor;

/** The career path of the spec, in order ('My Journey'). */
export const JOURNEY = [
  {
    period: '2 years',
    title: 'Wildlife instruction in Africa',
    text: 'Teaching photography on safari in Kenya and Tanzania: reading animal behaviour, working from vehicles at dawn, and getting sharp images in dust and heat. It is where I learned that patience is a technique.',
  },
  {
    period: '1 year',
    title: 'Content creation in Latin America',
    text: 'A year on assignment for travel brands from Mexico to Patagonia, shooting stills and short films. Fast decisions, changing light, and stories that have to work on a phone screen.',
  },
  {
    period: '5+ years',
    title: 'Portrait, wedding and real-estate business',
    text: 'Running my own studio in Salt Lake City: hundreds of portrait sessions and weddings, and architectural work for realtors. This is where I learned to direct people and to light any room.',
  },
  {
    period: 'Today',
    title: `${BRAND.name}`,
    text: `Leading small-group workshops across the United States, from Zion to Alaska to Yellowstone, and bringing everything above into the field with groups of at most ${POLICY.maxGroupSize}.`,
  },
] as const;

const SPECIALTIES = [
  {
    title: 'Wildlife',
    text: 'Fieldcraft, long lenses and fast shutter speeds: how to anticipate behaviour, keep a respectful distance and still fill the frame with bears, wolves and birds in flight.',
    workshops: 'Yellowstone in winter, Alaska’s brown bears, Everglades wading birds',
  },
  {
    title: 'Portrait and Wedding',
    text: 'Posing sequences, directing nervous subjects, and one-light setups with off-camera flash that work anywhere from a French Quarter balcony to a New York rooftop.',
    workshops: 'Urban Portrait & Posing in New York, Portrait Lighting in New Orleans',
  },
  {
    title: 'Landscape',
    text: 'Planning around light and weather, composition with foreground, filters and exposure blending, and night skies, taught at the places that deserve it.',
    workshops: 'Zion, Grand Teton, Canyonlands & Arches, the Olympic coast',
  },
] as const;

export default function AboutInstructorPage() {
  const season = useSeason();
  return (
    <>
      <PageMeta
        title={`About the Instructor: ${I.name}`}
        description={`${I.name} has ${I.yearsExperience} years of professional experience and a degree in photojournalism. Wildlife instruction in Africa, portrait and wedding work, and landscape workshops across the US.`}
      />
      <section className="split-hero">
        <div className="container split-hero__inner">
          <div className="split-hero__text">
            <span className="eyebrow">Your instructor</span>
            <h1>{I.name}</h1>
            <p className="lead">
              Photographer and teacher for {I.yearsExperience} years, with a {I.degree}. I have photographed lions from a Land Cruiser,
              brides in thunderstorms and canyon walls at first light, and I love nothing more than watching someone’s photographs
              change in the course of a week.
            </p>
            <ul className="stat-row" aria-label="At a glance">
              <li>
                <strong>{I.yearsExperience}</strong> <span>years as a professional</span>
              </li>
              <li>
                <strong>{POLICY.maxGroupSize}</strong> <span>participants at most per group</span>
              </li>
              <li>
                <strong>{season.bookableCount}</strong> <span>{season.bookableCount === 1 ? 'workshop' : 'workshops'} open{inSeason(season)}</span>
              </li>
            </ul>
          </div>
          <div className="split-hero__media">
            <InstructorPortrait illustrationAlt={`Illustration: ${I.name} with a camera on a tripod above a canyon at sunrise`} sizes="(min-width: 900px) 480px, 100vw" priority />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="bio-heading">
        <div className="container container--narrow prose">
          <h2 id="bio-heading">Biography</h2>
          <p>
            I started as a newspaper photographer straight out of university, where I earned my {I.degree}. Photojournalism taught me the
            habits I still teach first: arrive early, watch before you shoot, and know exactly why a frame works before you press the
            shutter.
          </p>
          <p>
            Since then I have worked on three continents and in almost every kind of photography that pays the rent: guiding wildlife
            photographers on safari, creating travel content, and running a portrait, wedding and real-estate studio from {I.homeBase}.
            Each of those jobs demanded something different, and together they made me a better teacher than any one of them could have.
          </p>
          <p>
            {BRAND.name} is the result. I plan every workshop around the light of the place and season, keep groups small enough that I
            can stand next to each person in the field, and include everything from the lodge to the permits so you can think only about
            photographs.
          </p>
        </div>
      </section>

      <section className="section section--sand" aria-labelledby="journey-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">{I.yearsExperience} years behind the camera</span>
            <h2 id="journey-heading">My Journey</h2>
          </div>
          <ol className="journey">
            {JOURNEY.map((step) => (
              <li key={step.title} className="journey__card">
                <span className="journey__period">{step.period}</span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="specialties-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">What I teach</span>
            <h2 id="specialties-heading">Specialties</h2>
          </div>
          <div className="grid grid--3">
            {SPECIALTIES.map((s) => (
              <div key={s.title} className="feature-card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
                <p className="feature-card__foot">
                  <span className="muted">Workshops:</span> {s.workshops}
                </p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="cta-band">
        <div className="container cta-band__inner">
          <div>
            <h2>Come and photograph with me</h2>
            <p>
              {bookableWorkshops(season)} open for booking{inSeason(season)}, for every level from first manual exposure to working
              professional.
            </p>
          </div>
          <Link to="/workshops" className="btn btn--primary">
            View {seasonTitle(season, 'Workshops')}
          </Link>
        </div>
      </section>
    </>
  );
}
