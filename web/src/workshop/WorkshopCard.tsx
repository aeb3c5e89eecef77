import { gql, type TypedDocumentNode } from '@apollo/client';
import { Link } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import type { WorkshopCard_WorkshopFragment } from '../gql/graphql';
import { WorkshopImage } from '../ui/WorkshopImage';
import { PICTURE_PHOTO_FRAGMENT } from '../ui/Picture';
import { labelOf, WORKSHOP_TYPE_LABELS } from '../ui/labels';
import { SpotsBadge } from './SpotsBadge';

export const WORKSHOP_CARD_FRAGMENT: TypedDocumentNode<WorkshopCard_WorkshopFragment> = gql`
  fragment WorkshopCard_workshop on Workshop {
    id
    name
    location
    state
    dates
    startDate
    capacity
    durationDays
    price
    availableSpots
    difficultyLevel
    workshopType
    imageUrl
    cover {
      ...Picture_photo
    }
    hasStarted
    hasEnded
    cancelled
  }
  ${PICTURE_PHOTO_FRAGMENT}
`;

/** A workshop in a list: photo, facts and a link to /workshop/{id}; a past one is marked as such. */
export function WorkshopCard({ workshop, priority = false }: { workshop: WorkshopCard_WorkshopFragment; priority?: boolean }) {
  return (
    <article className={`card card--link workshop-card${workshop.hasStarted ? ' workshop-card--past' : ''}`}>
      <div className="workshop-card__media">
        <WorkshopImage
          src={workshop.imageUrl}
          photo={workshop.cover}
          alt={`${workshop.name}, ${workshop.location}`}
          width={640}
          height={400}
          priority={priority}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        />
        <span className="badge workshop-card__type">{labelOf(WORKSHOP_TYPE_LABELS, workshop.workshopType)}</span>
      </div>
      <div className="card__body workshop-card__body">
        <h3 className="workshop-card__title">
          <Link to={`/workshop/${workshop.id}`} className="workshop-card__link">
            {workshop.name}
          </Link>
        </h3>
        <p className="workshop-card__place">
          {workshop.location}, {workshop.state}
        </p>
        <ul className="workshop-card__facts" aria-label="Key facts">
          <li>{workshop.dates}</li>
          <li>{workshop.durationDays} days</li>
          <li>{workshop.difficultyLevel}</li>
        </ul>
        <div className="workshop-card__footer">
          <p className="workshop-card__price">
            <strong>{formatDollars(workshop.price)}</strong> <span className="muted">per person</span>
          </p>
          <SpotsBadge spots={workshop.availableSpots} hasStarted={workshop.hasStarted} hasEnded={workshop.hasEnded} cancelled={workshop.cancelled} />
        </div>
      </div>
    </article>
  );
}
