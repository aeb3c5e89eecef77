import { Link } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { useHttpStatus } from '../ssr/ServerRenderContext';
import { seasonWorkshops } from 'api/shared/season';
import { useSeason } from '../workshop/useSeason';

export default function NotFoundPage() {
  useHttpStatus(404);
  const season = useSeason();
  return (
    <div className="container section">
      <PageMeta title="Page not found" />
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <p>
        <Link to="/workshops">Browse {seasonWorkshops(season)}</Link> or <Link to="/">go back home</Link>.
      </p>
    </div>
  );
}
