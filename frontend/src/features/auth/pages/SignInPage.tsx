import { useLocation, useSearchParams } from 'react-router-dom';
import { TabPanel, TabView } from 'primereact/tabview';
import { pathOf, returnPath } from '../../../shared/routes';
import '../auth.css';
import { LoginForm } from '../components/LoginForm';
import { SignUpForm } from '../components/SignUpForm';

const SIGN_UP_TAB = 'signup';

const HIGHLIGHTS = [
  { icon: 'pi-briefcase', text: 'Approved jobs and internships from recruiting companies' },
  { icon: 'pi-send', text: 'Apply with your resume in a few clicks' },
  { icon: 'pi-chart-line', text: 'Follow every application until the offer' },
] as const;

/** /auth-Container and /authContainer: the Login and Sign Up tabs (spec §2). */
export default function SignInPage() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const activeIndex = searchParams.get('tab') === SIGN_UP_TAB ? 1 : 0;
  // Where the guard sent the user from, to return there after login.
  const from = returnPath(pathOf((location.state as { from?: unknown } | null)?.from));

  const showTab = (index: number) => {
    if (index === activeIndex) return;
    const next = new URLSearchParams(searchParams);
    if (index === 1) next.set('tab', SIGN_UP_TAB);
    else next.delete('tab');
    setSearchParams(next, { replace: true, state: location.state });
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <TabView activeIndex={activeIndex} onTabChange={(event) => showTab(event.index)} renderActiveOnly={false} className="auth-card__tabs">
          <TabPanel header="Login">
            <LoginForm from={from} onShowSignUp={() => showTab(1)} />
          </TabPanel>
          <TabPanel header="Sign Up">
            <SignUpForm onShowLogin={() => showTab(0)} />
          </TabPanel>
        </TabView>
      </div>
      <section className="auth-page__intro" aria-labelledby="auth-intro-title">
        <h2 id="auth-intro-title" className="auth-page__intro-title">
          Your placement journey, in one place
        </h2>
        <p>One account for job listings, applications, trainings, interview experiences and resume insights of the Career Development Centre.</p>
        <ul className="auth-page__highlights">
          {HIGHLIGHTS.map((item) => (
            <li key={item.icon}>
              <i className={`pi ${item.icon}`} aria-hidden="true" />
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
