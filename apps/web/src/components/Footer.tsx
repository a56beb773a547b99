import { Link } from './AppLinks.tsx';
import { CLIENT_VERSION } from '../lib/constants.ts';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <span>© Eluent · Liquid chromatography in the browser</span>
        <nav aria-label="Footer">
          <Link to="/hardware/">Hardware</Link>
          <Link to="/contact/">Contact</Link>
          <span className="footer__version">v{CLIENT_VERSION}</span>
        </nav>
      </div>
    </footer>
  );
}
