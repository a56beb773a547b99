// Routes flagged as having a layout get the navigation bar (spec §2).
import type { ReactNode } from 'react';
import { NavBar } from './NavBar.tsx';
import { Footer } from './Footer.tsx';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <NavBar />
      <main className="page__main">{children}</main>
      <Footer />
    </div>
  );
}
