import { useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { reloadAt } from '../../../shared/navigation';
import { PATHS } from '../../../shared/routes';
import { logout, selectAuth } from '../../../shared/session/authSlice';
import { ChangePasswordForm } from '../../../shared/session/ChangePasswordForm';
import { capitalise } from '../format';
import { SecondFactorPanel, SECURITY_TEXT } from '../security/SecondFactorPanel';
import { sectionsFor, type Section } from '../sections';
import { useNarrowScreen } from './useNarrowScreen';

export function MobileNotAvailable() {
  return (
    <div className="admin-unavailable" role="alert">
      <i className="pi pi-desktop" aria-hidden="true" />
      <h1>Admin Panel Not Available</h1>
      <p>This Admin Panel cannot be accessed on mobile devices.</p>
      <p>Please use a desktop or laptop for full functionality.</p>
    </div>
  );
}

/** The panel's chrome: sidebar (title, sections, profile block with Logout), breadcrumb, and the section. */
export function AdminShell({ section, onSection, children }: { section: Section; onSection: (section: Section) => void; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { role } = useAppSelector(selectAuth);
  const narrow = useNarrowScreen();
  const [changingPassword, setChangingPassword] = useState(false);
  const [securing, setSecuring] = useState(false);
  if (narrow) return <MobileNotAvailable />;

  const isAdmin = role === 'admin';
  const panelTitle = isAdmin ? 'Admin Panel' : 'Staff Panel';
  const userLabel = isAdmin ? 'Admin User' : 'Staff User';
  const sections = sectionsFor(role);
  const current = sections.find((s) => s.id === section);

  const onLogout = () => {
    dispatch(logout());
    reloadAt(PATHS.home);
  };

  return (
    <div className="admin-shell">
      <aside className="admin-sidebar" aria-label={panelTitle}>
        <h1 className="admin-sidebar__title">{panelTitle}</h1>
        <nav aria-label="Panel sections">
          <ul className="admin-sidebar__nav">
            {sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={s.id === section ? 'admin-sidebar__link admin-sidebar__link--active' : 'admin-sidebar__link'}
                  aria-current={s.id === section ? 'page' : undefined}
                  onClick={() => onSection(s.id)}
                >
                  <i className={s.icon} aria-hidden="true" /> {s.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-profile">
          <span className="admin-profile__avatar" aria-hidden="true">
            {userLabel.charAt(0)}
          </span>
          <div className="admin-profile__text">
            <span className="admin-profile__name">{userLabel}</span>
            <span className="admin-profile__role">{capitalise(role)}</span>
          </div>
          <button type="button" className="admin-btn admin-btn--small" onClick={() => setChangingPassword(true)}>
            <i className="pi pi-lock" aria-hidden="true" /> Change Password
          </button>
          <button type="button" className="admin-btn admin-btn--small" onClick={() => setSecuring(true)}>
            <i className="pi pi-shield" aria-hidden="true" /> {SECURITY_TEXT.title}
          </button>
          <button type="button" className="admin-btn admin-btn--small" onClick={onLogout}>
            <i className="pi pi-sign-out" aria-hidden="true" /> Logout
          </button>
        </div>
      </aside>
      {changingPassword && (
        <Dialog header="Change Password" visible onHide={() => setChangingPassword(false)} style={{ width: '480px' }} modal draggable={false} resizable={false}>
          <ChangePasswordForm idPrefix="panel-change-password" />
        </Dialog>
      )}
      {securing && (
        <Dialog header={SECURITY_TEXT.title} visible onHide={() => setSecuring(false)} style={{ width: '520px' }} modal draggable={false} resizable={false}>
          <SecondFactorPanel isAdmin={isAdmin} />
        </Dialog>
      )}
      <div className="admin-content">
        <nav aria-label="Breadcrumb" className="admin-breadcrumb">
          <ol>
            <li>{panelTitle}</li>
            <li aria-current="page">{current?.label ?? ''}</li>
          </ol>
        </nav>
        {children}
      </div>
    </div>
  );
}
