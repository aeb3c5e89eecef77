import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { Logo } from './Logo';

/**
 * The admin pages' own header (docs/decisions/079): the back office names
 * itself and links back to the website, instead of the public navigation and
 * its "Book a Workshop" button.
 */
export function AdminHeader() {
  return (
    <header className="site-header admin-header">
      <div className="container site-header__inner">
        <Link to="/admin/dashboard" className="brand">
          <Logo />
          <span className="brand__name">{BRAND.name}</span>
          <span className="admin-header__badge">Admin</span>
        </Link>
        <nav aria-label="Admin">
          <a className="admin-header__site" href="/">
            View the website
          </a>
        </nav>
      </div>
    </header>
  );
}
