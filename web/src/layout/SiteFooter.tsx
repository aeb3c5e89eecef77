import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { Logo } from './Logo';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <p className="site-footer__name">
              <Logo size={32} />
              <span>{BRAND.name}</span>
            </p>
            <p>
              All-inclusive photography workshops for groups of at most {POLICY.maxGroupSize}, led by {BRAND.instructor.name}.
            </p>
            <p className="site-footer__contact">
              <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
              <br />
              <span>{BRAND.responseTime}</span>
            </p>
          </div>
          <nav aria-labelledby="footer-explore">
            <h2 id="footer-explore">Explore</h2>
            <ul>
              <li>
                <Link to="/workshops">All Workshops</Link>
              </li>
              <li>
                <Link to="/about-instructor">About the Instructor</Link>
              </li>
              <li>
                <Link to="/about-us">About Us</Link>
              </li>
              <li>
                <Link to="/equipment">Equipment</Link>
              </li>
              <li>
                <Link to="/testimonials">Reviews</Link>
              </li>
              <li>
                <Link to="/gift-cards">Gift Cards</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-help">
            <h2 id="footer-help">Help</h2>
            <ul>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-policies">
            <h2 id="footer-policies">Policies</h2>
            <ul>
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
              <li>
                <Link to="/cancellation-policy">Cancellation Policy</Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="site-footer__legal">
          © {BRAND.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
