import { Link } from 'react-router-dom';
import { LogoMark, PORTAL_NAME } from '../../shared/components/Logo';
import { PATHS } from '../../shared/routes';

const QUICK_LINKS = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.about, label: 'About' },
  { to: PATHS.jobs, label: 'Jobs' },
  { to: PATHS.placements, label: 'Placements' },
  { to: PATHS.faq, label: 'FAQ' },
  { to: PATHS.contact, label: 'Contact' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', icon: 'pi-linkedin' },
  { href: 'https://x.com/', label: 'X (Twitter)', icon: 'pi-twitter' },
  { href: 'https://www.instagram.com/', label: 'Instagram', icon: 'pi-instagram' },
  { href: 'https://www.facebook.com/', label: 'Facebook', icon: 'pi-facebook' },
  { href: 'https://www.youtube.com/', label: 'YouTube', icon: 'pi-youtube' },
] as const;

/** Spec §1: contact details, social links, quick links to home, about, jobs, faq and contact. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-brand">
          <p id="footer-brand" className="site-footer__name">
            <LogoMark size={28} /> {PORTAL_NAME}
          </p>
          <p>The university's Career Development Centre connects students with jobs, internships, trainings and the experience of those who interviewed before them.</p>
          <ul className="site-footer__social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`${link.label} (opens in a new tab)`}>
                  <i className={`pi ${link.icon}`} aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick Links
          </h2>
          <ul className="site-footer__links">
            {QUICK_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section id="contact" aria-labelledby="footer-contact" tabIndex={-1}>
          <h2 id="footer-contact" className="site-footer__heading">
            Contact Us
          </h2>
          <address className="site-footer__contact">
            <p>
              <i className="pi pi-map-marker" aria-hidden="true" /> Career Development Centre, Administrative Block, University Campus
            </p>
            <p>
              <i className="pi pi-envelope" aria-hidden="true" /> <a href="mailto:placements@university.edu">placements@university.edu</a>
            </p>
            <p>
              <i className="pi pi-phone" aria-hidden="true" /> <a href="tel:+911204001234">+91 120 400 1234</a>
            </p>
            <p>
              <i className="pi pi-clock" aria-hidden="true" /> Monday to Friday, 9:30 to 17:30
            </p>
          </address>
        </section>
      </div>
      <p className="site-footer__bottom">© {new Date().getFullYear()} Career Development Centre. All rights reserved.</p>
    </footer>
  );
}
