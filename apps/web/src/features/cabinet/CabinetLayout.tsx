// The cabinet frame: logo, sections, the workspace switcher, the signed-in user and logout. Below 768 px the sections fold into a
// Menu button that opens them as a full-width list of 48 px rows.
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo.tsx';
import { Icon } from '../../components/Icon.tsx';
import { session, storage } from '../../api/client.ts';
import { rememberLocation } from '../../lib/lastLocation.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher.tsx';
import '../workspaces/workspaces.css';

const sections = [
  { to: '/app/devices/', icon: 'precision_manufacturing', label: 'Instruments' },
  { to: '/app/sequences/', icon: 'playlist_play', label: 'Sequences' },
  { to: '/app/chromatograms/', icon: 'show_chart', label: 'Chromatograms' },
  { to: '/app/methods/', icon: 'tune', label: 'Methods' },
  { to: '/app/templates/', icon: 'auto_graph', label: 'Templates' },
  { to: '/app/audit/', icon: 'history', label: 'Audit' },
];

export function CabinetLayout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  const userId = String(user?.user_id ?? '');
  useEffect(() => {
    if (userId) rememberLocation(storage, userId, `${pathname}${search}${hash}`);
  }, [userId, pathname, search, hash]);
  const logout = () => {
    void navigate('/', { replace: true });
    session.logout();
  };
  return (
    <div className="cabinet">
      <header className="cabinet__bar">
        <Logo to="/app/devices/" />
        <button
          type="button"
          className="cabinet__menu-toggle"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="cabinet-sections"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        <nav
          id="cabinet-sections"
          className={`cabinet__sections ${menuOpen ? 'cabinet__sections--open' : ''}`}
          aria-label="Cabinet"
        >
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} onClick={() => setMenuOpen(false)}>
              <Icon name={section.icon} /> <span>{section.label}</span>
            </NavLink>
          ))}
          <WorkspaceSwitcher onNavigate={() => setMenuOpen(false)} />
        </nav>
        <div className="cabinet__user">
          <NavLink to="/app/account/" className="cabinet__email" title={user?.email} aria-label="Account">
            <Icon name="account_circle" /> <span className="cabinet__email-text">{user?.email}</span>
          </NavLink>
          <button type="button" className="button button--secondary button--small" onClick={logout}>
            <Icon name="logout" /> Log out
          </button>
        </div>
      </header>
      <main className="cabinet__main">
        <Outlet />
      </main>
    </div>
  );
}
