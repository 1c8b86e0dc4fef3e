import { lazy, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { WhenVisible } from '../../../shared/components/WhenVisible';
import { PATHS } from '../../../shared/routes';
import { CompanyLogos } from '../components/CompanyLogos';
import { FaqPlaceholder } from '../components/FaqPlaceholder';
import { FeatureGrid } from '../components/FeatureGrid';
import '../landing.css';

// The accordion (and PrimeReact with it) is below the fold: it loads when the FAQ comes into view.
const FaqAccordion = lazy(() => import('../components/FaqAccordion'));

/** The hero's illustration: a glance at what a student sees (decorative). */
function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="hero-preview__card hero-preview__card--job">
        <span className="hero-preview__logo">N</span>
        <div>
          <strong>Software Engineer</strong>
          <span>Northwind Systems · Full time Employment</span>
        </div>
        <span className="hero-preview__badge">Applied</span>
      </div>
      <div className="hero-preview__card hero-preview__card--score">
        <svg viewBox="0 0 36 36" className="hero-preview__ring">
          <circle cx="18" cy="18" r="15.5" fill="none" stroke="#e0e7ff" strokeWidth="4" />
          <circle cx="18" cy="18" r="15.5" fill="none" stroke="#4f46e5" strokeWidth="4" strokeDasharray="82 100" strokeLinecap="round" transform="rotate(-90 18 18)" />
        </svg>
        <div>
          <strong>ATS score 82%</strong>
          <span>Very Good · 3 recommendations</span>
        </div>
      </div>
      <div className="hero-preview__card hero-preview__card--status">
        <i className="pi pi-check-circle" />
        <div>
          <strong>Under Review</strong>
          <span>Data Analyst Intern · Bluepeak Analytics</span>
        </div>
      </div>
    </div>
  );
}

/** The landing page (spec §1): Join Now and Post a Job, features, top hiring companies, FAQ. */
export default function LandingPage() {
  const { hash } = useLocation();

  // /faq and /contact land here with a fragment; the page loads lazily, so scroll once it is drawn.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">Career Development Centre</p>
            <h1 id="hero-title" className="hero__title">
              Your next job, internship or placement starts here
            </h1>
            <p className="hero__lead">Browse approved openings, apply with one resume, follow every application and prepare with trainings and real interview experiences, all in one portal.</p>
            <div className="hero__actions">
              <Link to={`${PATHS.signIn}?tab=signup`} className="p-button p-component p-button-lg hero__cta">
                <i className="pi pi-user-plus" aria-hidden="true" />
                <span>Join Now</span>
              </Link>
              <Link to={PATHS.postJob} className="p-button p-component p-button-lg p-button-outlined hero__cta hero__cta--secondary">
                <i className="pi pi-megaphone" aria-hidden="true" />
                <span>Post a Job</span>
              </Link>
            </div>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <div className="landing-section__inner">
          <h2 id="features-title" className="section-title">
            Everything you need to get placed
          </h2>
          <p className="section-lead">From the first resume check to the offer letter.</p>
          <FeatureGrid />
        </div>
      </section>

      <section className="landing-section landing-section--tinted" aria-labelledby="companies-title">
        <div className="landing-section__inner">
          <h2 id="companies-title" className="section-title">
            Top Hiring Companies
          </h2>
          <p className="section-lead">Recruiters who come back to our campus year after year.</p>
          <CompanyLogos />
        </div>
      </section>

      <section id="faq" className="landing-section" aria-labelledby="faq-title" tabIndex={-1}>
        <div className="landing-section__inner landing-section__inner--narrow">
          <h2 id="faq-title" className="section-title">
            Frequently Asked Questions
          </h2>
          <WhenVisible fallback={<FaqPlaceholder />}>
            <FaqAccordion />
          </WhenVisible>
        </div>
      </section>
    </div>
  );
}
