import { Link } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { Empty } from '../ui/States';

/** 'Workshop not found' (spec section 2) for a workshop page or board whose workshop does not exist. */
export function WorkshopNotFound() {
  return (
    <div className="container">
      <PageMeta title="Workshop not found" />
      <Empty>
        <h1>Workshop not found</h1>
        <p>
          <Link to="/workshops">Browse all workshops</Link>
        </p>
      </Empty>
    </div>
  );
}
