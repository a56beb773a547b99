// The cabinet frame: logo, sections, the signed-in user and logout.
import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo.tsx';
import { Icon } from '../../components/Icon.tsx';
import { session, storage } from '../../api/client.ts';
import { rememberLocation } from '../../lib/lastLocation.ts';
import { useSessionUser } from '../../lib/useSession.ts';

const sections = [
  { to: '/app/devices/', icon: 'precision_manufacturing', label: 'Instruments' },
  { to: '/app/sequences/', icon: 'playlist_play', label: 'Sequences' },
  { to: '/app/chromatograms/', icon: 'show_chart', label: 'Chromatograms' },
  { to: '/app/methods/', icon: 'tune', label: 'Methods' },
  { to: '/app/templates/', icon: 'auto_graph', label: 'Templates' },
];

export function CabinetLayout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
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
        <nav className="cabinet__sections" aria-label="Cabinet">
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to}>
              <Icon name={section.icon} /> <span>{section.label}</span>
            </NavLink>
          ))}
        </nav>
        <div className="cabinet__user">
          <NavLink to="/app/account/" className="cabinet__email" title={user?.email} aria-label="Account">
            <Icon name="account_circle" /> <span>{user?.email}</span>
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
