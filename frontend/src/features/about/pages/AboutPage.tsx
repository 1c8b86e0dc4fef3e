import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/routes';
import '../about.css';

/** Spec §1: the feature list of the about page. */
const ABOUT_FEATURES = [
  { icon: 'pi-briefcase', title: 'Job listings and applications', text: 'Every opening the placement cell approves, searchable and filterable, with a one-step application and your resume attached.' },
  { icon: 'pi-list-check', title: 'Application tracking', text: 'The status of each application in one table, from submission through review and interviews to the decision.' },
  { icon: 'pi-calendar', title: 'Events of the centre', text: 'Trainings, workshops and mock interviews of the Career Development Centre, with their dates, mode and registration links.' },
  { icon: 'pi-file-check', title: 'Resume insights', text: 'An ATS check of your resume with a score, factor breakdown, industry keywords and prioritised recommendations.' },
] as const;

/** The team behind the portal, by role. */
const TEAM = [
  { icon: 'pi-users', role: 'Placement Office', focus: 'Product ownership', text: 'Decides what the portal must do for students, recruiters and staff, and approves every job before students see it.' },
  { icon: 'pi-desktop', role: 'Frontend Engineering', focus: 'Screens and accessibility', text: 'Builds the screens students and staff use every day, on phones and desktops, usable by keyboard and screen reader.' },
  { icon: 'pi-server', role: 'Platform Engineering', focus: 'Services and data', text: 'Runs the services behind the portal: accounts, jobs, applications, notifications and their complete history.' },
  { icon: 'pi-sparkles', role: 'Resume Insights', focus: 'ATS analysis', text: 'Maintains the resume analysis: text extraction, scoring factors, industry keyword lists and recommendations.' },
] as const;

export default function AboutPage() {
  return (
    <div className="about">
      <section className="about-hero" aria-labelledby="about-title">
        <div className="about-hero__inner">
          <p className="hero__eyebrow">About the portal</p>
          <h1 id="about-title" className="about-hero__title">
            Connecting students with the right opportunities
          </h1>
          <p className="about-hero__lead">
            Our mission is to give every student of the university a fair, transparent path to employment: one place to find approved jobs and internships, prepare for
            interviews, learn from those who went before, and follow each application to its result.
          </p>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="about-features-title">
        <div className="landing-section__inner">
          <h2 id="about-features-title" className="section-title">
            What the portal offers
          </h2>
          <ul className="about-features">
            {ABOUT_FEATURES.map((feature) => (
              <li key={feature.title} className="about-feature">
                <span className="feature-card__icon" aria-hidden="true">
                  <i className={`pi ${feature.icon}`} />
                </span>
                <div>
                  <h3 className="feature-card__title">{feature.title}</h3>
                  <p className="feature-card__text">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section landing-section--tinted" aria-labelledby="team-title">
        <div className="landing-section__inner">
          <h2 id="team-title" className="section-title">
            Meet the developers
          </h2>
          <p className="section-lead">The portal is built and run by the centre's own team.</p>
          <ul className="team-grid">
            {TEAM.map((member) => (
              <li key={member.role} className="team-card">
                <span className="team-card__avatar" aria-hidden="true">
                  <i className={`pi ${member.icon}`} />
                </span>
                <h3 className="team-card__role">{member.role}</h3>
                <p className="team-card__focus">{member.focus}</p>
                <p className="team-card__text">{member.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="support-title">
        <div className="landing-section__inner support">
          <div>
            <h2 id="support-title" className="section-title section-title--left">
              Project support and contact
            </h2>
            <p>
              Found a problem, or want to help the portal grow? Write to the Career Development Centre: we answer within two working days. Recruiters can post an opening
              for review, and students can help juniors by sharing an interview experience.
            </p>
          </div>
          <ul className="support__actions">
            <li>
              <a className="support__action" href="mailto:placements@university.edu">
                <i className="pi pi-envelope" aria-hidden="true" />
                <span>
                  <strong>E-mail the centre</strong>
                  <span>placements@university.edu</span>
                </span>
              </a>
            </li>
            <li>
              <a className="support__action" href="tel:+911204001234">
                <i className="pi pi-phone" aria-hidden="true" />
                <span>
                  <strong>Call us</strong>
                  <span>+91 120 400 1234</span>
                </span>
              </a>
            </li>
            <li>
              <Link className="support__action" to={PATHS.submitExperience}>
                <i className="pi pi-comments" aria-hidden="true" />
                <span>
                  <strong>Share your interview experience</strong>
                  <span>Help the next batch prepare</span>
                </span>
              </Link>
            </li>
          </ul>
        </div>
      </section>
    </div>
  );
}
