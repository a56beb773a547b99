// Public navigation bar of spec §2: Hardware, Home, Contact, and My cabinet or Log in.
import { useState } from 'react';
import { NavLink } from './AppLinks.tsx';
import { useSessionUser } from '../lib/useSession.ts';
import { Logo } from './Logo.tsx';
import { Icon } from './Icon.tsx';

export function NavBar() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Logo />
        <button
          type="button"
          className="navbar__toggle"
          aria-label="Menu"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} />
        </button>
        <nav className={`navbar__links ${open ? 'navbar__links--open' : ''}`} aria-label="Main">
          <NavLink to="/hardware/" onClick={close}>
            Hardware
          </NavLink>
          <NavLink to="/" end onClick={close}>
            Home
          </NavLink>
          <NavLink to="/contact/" onClick={close}>
            Contact
          </NavLink>
          {user ? (
            <NavLink to="/app/devices/" className="navbar__cta" onClick={close}>
              <Icon name="science" /> My cabinet
            </NavLink>
          ) : (
            <NavLink to="/auth/login/" className="navbar__cta" onClick={close}>
              <Icon name="login" /> Log in
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
