// The main app's pages: public pages with the navigation bar, /auth, and the cabinet under /app, each a
// chunk of its own (pageChunks.ts). The public side routes on the app's history without a router library;
// the cabinet brings react-router with it (features/cabinet/CabinetRoot.tsx).
import { lazy, Suspense } from 'react';
import { PublicLayout } from './components/PublicLayout.tsx';
import { AfterFirstPaint } from './components/AfterFirstPaint.tsx';
import { RedirectSignedIn, RequireUser } from './features/auth/guards.tsx';
import { LocationProvider, useAppLocation } from './lib/appHistory.ts';
import { pageChunks, pageOf } from './pageChunks.ts';

const HomePage = lazy(pageChunks.home);
const HardwarePage = lazy(pageChunks.hardware);
const ContactPage = lazy(pageChunks.contact);
const NotFoundPage = lazy(pageChunks.notFound);
const VerifyEmailPage = lazy(pageChunks.verifyEmail);
const AuthArea = lazy(pageChunks.auth);
const CabinetRoot = lazy(pageChunks.cabinet);

function Pages() {
  const page = pageOf(useAppLocation().pathname);
  if (page === 'cabinet')
    return (
      <RequireUser>
        <CabinetRoot />
      </RequireUser>
    );
  return (
    <PublicLayout>
      {page === 'home' && <HomePage />}
      {page === 'hardware' && <HardwarePage />}
      {page === 'contact' && <ContactPage />}
      {page === 'verifyEmail' && <VerifyEmailPage />}
      {page === 'auth' && (
        <RedirectSignedIn>
          <AuthArea />
        </RedirectSignedIn>
      )}
      {page === 'notFound' && <NotFoundPage />}
    </PublicLayout>
  );
}

export function App() {
  return (
    <LocationProvider>
      <Suspense fallback={null}>
        <Pages />
        {/* Inside the boundary: its effect runs once the route's own chunk has rendered. */}
        <AfterFirstPaint />
      </Suspense>
    </LocationProvider>
  );
}
