import { Link } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { Picture } from '../ui/Picture';

/** Photo retailers we send people to (outbound, opened in a new tab). */
export const RETAILERS = [
  {
    name: 'B&H Photo',
    href: 'https://www.bhphotovideo.com/',
    text: 'New York’s photo superstore ships nationwide; a good place to compare tripods and long lenses side by side.',
  },
  {
    name: 'Adorama',
    href: 'https://www.adorama.com/',
    text: 'A wide range of new and used gear, including lighting kits and used telephoto lenses at fair prices.',
  },
] as const;

export const RECOMMENDED_STROBE = {
  name: 'Godox AD200Pro II',
  href: 'https://www.bhphotovideo.com/c/search?q=Godox%20AD200Pro%20II',
  retailer: 'B&H Photo',
};

/** Link that leaves the site: a new tab, without giving the other site a handle on ours. */
function Outbound({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
      <svg className="outbound-icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M6 3H3v10h10v-3M9 2h5v5M14 2L7 9" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </a>
  );
}

const REQUIRED = [
  { item: 'DSLR or mirrorless camera with manual mode', why: 'You will set aperture, shutter speed and ISO yourself from the first morning.' },
  { item: 'Sturdy tripod', why: 'For sunrise, long exposures and night skies. It should hold your heaviest lens without creeping.' },
  { item: 'At least 2 spare batteries', why: 'Cold mornings and long days drain batteries fast, and there is not always a socket in the field.' },
  { item: '64GB+ storage', why: 'Memory cards with at least 64GB in total, ideally several cards rather than one, so one failure never costs you a day.' },
] as const;

const ACCESSORIES = [
  'Lens cloths and a blower brush',
  'Circular polarizer for your main lens',
  'Neutral density filter (6 or 10 stops) for moving water and clouds',
  'Remote shutter release or a camera app that triggers the shutter',
  'Rain cover for camera and lens',
  'Headlamp with a red-light mode for night sessions',
  'Card reader and a backup drive or laptop',
  'Chargers for every battery, and a car or USB charger',
] as const;

const PERSONAL = [
  'Layered clothing: base layer, fleece and a waterproof shell',
  'Broken-in waterproof hiking boots',
  'Warm hat and thin gloves that let you work the camera',
  'Daypack big enough for your camera, water and a layer',
  'Refillable water bottle',
  'Sun hat, sunglasses and sunscreen',
  'Insect repellent (Alaska, the Everglades and the Olympic coast)',
  'Personal medication, and a copy of your prescriptions',
] as const;

export default function EquipmentPage() {
  return (
    <>
      <PageMeta
        title="Equipment List"
        description="What to bring to a photography workshop: the required camera, tripod, batteries and storage, plus extras for portrait and wildlife workshops and a packing checklist."
      />
      <section className="split-hero split-hero--landscape">
        <div className="container split-hero__inner">
          <div className="split-hero__text">
            <span className="eyebrow">Before you pack</span>
            <h1>Equipment</h1>
            <p className="lead">
              You do not need the newest camera to make great photographs with us. You need gear you know, that works in the field, and
              a few essentials that every workshop depends on. Here is exactly what to bring.
            </p>
          </div>
          <div className="split-hero__media">
            <Picture src="/images/equipment.svg" alt="" width={1200} height={900} sizes="(min-width: 900px) 50vw, 100vw" priority />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="required-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">Every workshop</span>
            <h2 id="required-heading">Required for all workshops</h2>
          </div>
          <ul className="gear-grid">
            {REQUIRED.map((g) => (
              <li key={g.item} className="gear-card">
                <h3>{g.item}</h3>
                <p>{g.why}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--sand" aria-label="Extras by workshop type">
        <div className="container gear-extras">
          <section className="feature-card" aria-labelledby="portrait-heading">
            <span className="badge badge--amber">Portrait &amp; posing workshops</span>
            <h2 id="portrait-heading">Portrait and posing: also required</h2>
            <ul className="checklist">
              <li>
                <strong>Wireless flash trigger</strong> that matches your camera brand, to fire a flash off the camera.
              </li>
              <li>
                <strong>External flash or strobe with a light stand</strong>, so you can shape light instead of flattening it.
              </li>
            </ul>
            <div className="recommend">
              <p className="recommend__label">Our recommended strobe</p>
              <p>
                The <strong>{RECOMMENDED_STROBE.name}</strong>: 200Ws in a body the size of a speedlight, a battery that lasts a whole
                session, and triggers for every major camera brand.{' '}
                <Outbound href={RECOMMENDED_STROBE.href}>View it at {RECOMMENDED_STROBE.retailer}</Outbound>
              </p>
            </div>
          </section>
          <section className="feature-card" aria-labelledby="wildlife-heading">
            <span className="badge">Wildlife workshops</span>
            <h2 id="wildlife-heading">Wildlife: recommended</h2>
            <ul className="checklist">
              <li>
                <strong>300-600mm telephoto lens.</strong> A 150-600mm or 100-500mm zoom is ideal; wildlife keeps its distance and so
                do we.
              </li>
              <li>
                <strong>A camera capable of 1/1000s or faster</strong> with continuous autofocus, to freeze birds in flight and running
                animals.
              </li>
              <li>A beanbag or window mount for shooting from vehicles, and a gimbal head if you own one.</li>
            </ul>
            <p className="muted">
              No long lens yet? Renting one for the week is a sensible way to try before you buy; ask us which focal length suits your
              workshop.
            </p>
          </section>
        </div>
      </section>

      <section className="section" aria-labelledby="checklists-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">Packing list</span>
            <h2 id="checklists-heading">Checklists</h2>
          </div>
          <div className="grid grid--2">
            <div className="checklist-card">
              <h3>Camera accessories</h3>
              <ul className="checklist">
                {ACCESSORIES.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </div>
            <div className="checklist-card">
              <h3>Personal gear</h3>
              <ul className="checklist">
                {PERSONAL.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="section section--sand" aria-labelledby="retailers-heading">
        <div className="container">
          <div className="section__header">
            <span className="eyebrow">Where to buy</span>
            <h2 id="retailers-heading">Photo retailers we trust</h2>
            <p>We have no affiliate deals with either store; they are simply where we buy our own gear.</p>
          </div>
          <ul className="grid grid--2 retailer-list">
            {RETAILERS.map((r) => (
              <li key={r.name} className="retailer">
                <h3>
                  <Outbound href={r.href}>{r.name}</Outbound>
                </h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
          <p className="section__more">
            Unsure about something on this list? <Link to="/contact">Ask us before you buy</Link>, or read the{' '}
            <Link to="/faq">FAQ</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
