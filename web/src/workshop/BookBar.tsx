import { Link } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';

/**
 * The phone's price-and-book bar (issue 24): the booking panel sits below the
 * itinerary on a phone, about 2,000 px down, so the price, the spots and Book Now
 * stay in view at the bottom of the screen. The page reserves its height so it
 * never covers content; on a wide screen the panel beside the text is in view
 * and the bar is not shown (workshop.css). A sold-out run points to its waiting list.
 */
export function BookBar({ workshopId, price, spots }: { workshopId: string; price: number; spots: number }) {
  const soldOut = spots <= 0;
  return (
    <section className="book-bar" aria-label="Price and booking" data-testid="book-bar">
      <p className="book-bar__facts">
        <strong className="book-bar__price">{formatDollars(price)}</strong> <span className="book-bar__unit">per person</span>
        <span className="book-bar__spots">{soldOut ? 'Sold out' : `${spots} ${spots === 1 ? 'spot' : 'spots'} left`}</span>
      </p>
      {soldOut ? (
        <a className="btn btn--outline book-bar__action" href="#waitlist">
          Join the waiting list
        </a>
      ) : (
        <Link className="btn btn--primary book-bar__action" to={`/booking/${workshopId}`}>
          Book Now
        </Link>
      )}
    </section>
  );
}
