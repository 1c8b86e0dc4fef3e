import { Suspense, useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { logout, selectAuth, userRefreshRequested } from '../../shared/session/authSlice';
import { PageSpinner } from '../../shared/components/PageSpinner';
import { RouteErrorBoundary } from '../../shared/components/RouteErrorBoundary';
import { defaultAvatar, photoUrl } from '../../shared/files';
import { PATHS, pageTitleOf } from '../../shared/routes';
import { useAppDispatch, useAppSelector } from '../hooks';
import './studentLayout.css';

interface SidebarLink {
  to: string;
  label: string;
  icon: string;
}

/** Spec §2, student layout: the sidebar's links in their order. */
export const STUDENT_LINKS: readonly SidebarLink[] = [
  { to: PATHS.dashboard, label: 'Dashboard', icon: 'pi-home' },
  { to: PATHS.jobListings, label: 'Job Listings', icon: 'pi-briefcase' },
  { to: PATHS.myApplications, label: 'My Applications', icon: 'pi-file-check' },
  { to: PATHS.trainings, label: 'CDC Trainings', icon: 'pi-calendar' },
  { to: PATHS.interviewInsights, label: 'Interview Insights', icon: 'pi-comments' },
  { to: PATHS.profile, label: 'Profile', icon: 'pi-user' },
];

/** Shown to admins only. */
export const ADMIN_LINK: SidebarLink = { to: PATHS.adminManagement, label: 'Admin Dashboard', icon: 'pi-shield' };

const useFallbackImage = (fallback: string) => (event: SyntheticEvent<HTMLImageElement>) => {
  if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
};

/** Sidebar with photo, 'Hi, {name}' and the student links; header 'Student - {page name}'. */
export function StudentLayout() {
  const { user, role } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const pageName = pageTitleOf(location.pathname) ?? 'Dashboard';
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const onImageError = useFallbackImage(defaultAvatar);

  // The login reply carries no photo; the profile has it.
  const needsProfile = user !== null && user.profilePhoto === undefined;
  useEffect(() => {
    if (needsProfile) dispatch(userRefreshRequested());
  }, [needsProfile, dispatch]);

  useEffect(() => setOpen(false), [location.pathname]);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  // The open drawer (small screens) takes the focus, and Escape anywhere closes it.
  useEffect(() => {
    if (!open) return;
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const onLogout = () => {
    dispatch(logout());
    navigate(PATHS.signIn, { replace: true });
  };

  const links = role === 'admin' ? [...STUDENT_LINKS, ADMIN_LINK] : STUDENT_LINKS;
  const name = user?.fullName?.trim() || 'Student';

  return (
    <div className={open ? 'student-layout student-layout--menu-open' : 'student-layout'}>
      <aside ref={sidebarRef} id="student-sidebar" className="student-sidebar" aria-label="Student menu">
        <div className="student-sidebar__profile">
          <img className="student-sidebar__photo" src={photoUrl(user?.profilePhoto)} alt="" width={72} height={72} onError={onImageError} />
          <p className="student-sidebar__greeting">Hi, {name}</p>
        </div>
        <nav aria-label="Student pages">
          <ul className="student-sidebar__links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="student-sidebar__link">
                  <i className={`pi ${link.icon}`} aria-hidden="true" />
                  <span>{link.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="student-sidebar__link student-sidebar__logout" onClick={onLogout}>
          <i className="pi pi-sign-out" aria-hidden="true" />
          <span>Logout</span>
        </button>
      </aside>
      {open && <button type="button" className="student-layout__backdrop" aria-label="Close menu" tabIndex={-1} onClick={close} />}
      <div className="student-layout__content">
        <header className="student-header">
          <button
            ref={toggleRef}
            type="button"
            className="student-header__toggle"
            aria-expanded={open}
            aria-controls="student-sidebar"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <i className={open ? 'pi pi-times' : 'pi pi-bars'} aria-hidden="true" />
          </button>
          <h1 className="student-header__title">Student - {pageName}</h1>
        </header>
        <main id="main" className="student-layout__main" tabIndex={-1}>
          <RouteErrorBoundary home={PATHS.dashboard} homeLabel="Dashboard">
            <Suspense fallback={<PageSpinner label={`Loading ${pageName}`} />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}

export default StudentLayout;
