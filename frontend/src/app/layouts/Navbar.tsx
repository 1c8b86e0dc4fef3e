import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { logout, selectAuth } from '../../shared/session/authSlice';
import { LogoMark, PORTAL_NAME } from '../../shared/components/Logo';
import { reloadAt } from '../../shared/navigation';
import { PATHS, dashboardPathFor } from '../../shared/routes';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * Spec §2: logo to home; logged out: About and Sign In; logged in: Dashboard and Logout
 * (removes the token, goes home, reloads). A hamburger toggles the links on small screens.
 */
export function Navbar() {
  const { isAuthenticated, role } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onLogout = () => {
    dispatch(logout());
    reloadAt(PATHS.home);
  };

  return (
    <header className="navbar">
      <nav className="navbar__inner" aria-label="Main">
        <Link to={PATHS.home} className="navbar__brand" aria-label={`${PORTAL_NAME}, home`}>
          <LogoMark />
          <span className="navbar__name">{PORTAL_NAME}</span>
        </Link>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <i className={open ? 'pi pi-times' : 'pi pi-bars'} aria-hidden="true" />
        </button>
        <ul id={menuId} className={open ? 'navbar__links navbar__links--open' : 'navbar__links'} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          {isAuthenticated ? (
            <>
              <li>
                <Link to={dashboardPathFor(role)} className="navbar__link">
                  Dashboard
                </Link>
              </li>
              <li>
                <button type="button" className="navbar__button" onClick={onLogout}>
                  Logout
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to={PATHS.about} className="navbar__link">
                  About
                </NavLink>
              </li>
              <li>
                <Link to={PATHS.signIn} className="navbar__button navbar__button--primary">
                  Sign In
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
