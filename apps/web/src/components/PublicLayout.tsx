// Routes flagged as having a layout get the navigation bar (spec §2).
import { Outlet } from 'react-router-dom';
import { NavBar } from './NavBar.tsx';
import { Footer } from './Footer.tsx';

export function PublicLayout() {
  return (
    <div className="page">
      <NavBar />
      <main className="page__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
