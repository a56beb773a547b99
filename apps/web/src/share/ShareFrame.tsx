import { Outlet } from 'react-router-dom';
import logoUrl from '../components/logo.svg';

export function ShareFrame() {
  return (
    <div className="share">
      <header className="share__bar">
        <a href="/" className="logo">
          <img src={logoUrl} alt="Eluent Cloud" width={164} height={32} />
        </a>
        <span className="share__badge">Shared view · read-only</span>
      </header>
      <main className="share__main">
        <Outlet />
      </main>
    </div>
  );
}
