import { Link } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { useHttpStatus } from '../ssr/ServerRenderContext';

export default function NotFoundPage() {
  useHttpStatus(404);
  return (
    <div className="container section">
      <PageMeta title="Page not found" />
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <p>
        <Link to="/workshops">Browse the workshops</Link> or <Link to="/">go back home</Link>.
      </p>
    </div>
  );
}
