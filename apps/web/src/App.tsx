// The main app's routes: public pages with the navigation bar, /auth and /app loaded lazily.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PublicLayout } from './components/PublicLayout.tsx';
import { AfterFirstPaint } from './components/AfterFirstPaint.tsx';
import { HomePage } from './features/public/HomePage.tsx';
import { RedirectSignedIn, RequireUser } from './features/auth/guards.tsx';

const HardwarePage = lazy(() => import('./features/public/HardwarePage.tsx'));
const ContactPage = lazy(() => import('./features/public/ContactPage.tsx'));
const NotFoundPage = lazy(() => import('./features/public/NotFoundPage.tsx'));
const AuthArea = lazy(() => import('./features/auth/AuthArea.tsx'));
const CabinetArea = lazy(() => import('./features/cabinet/CabinetArea.tsx'));
const VerifyEmailPage = lazy(() => import('./features/workspaces/VerifyEmailPage.tsx'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<HomePage />} />
            <Route path="hardware/*" element={<HardwarePage />} />
            <Route path="contact/*" element={<ContactPage />} />
            {/* Signed in or not: the mailed code is the proof. */}
            <Route path="auth/verify-email/*" element={<VerifyEmailPage />} />
            <Route
              path="auth/*"
              element={
                <RedirectSignedIn>
                  <AuthArea />
                </RedirectSignedIn>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route
            path="app/*"
            element={
              <RequireUser>
                <CabinetArea />
              </RequireUser>
            }
          />
        </Routes>
        {/* Inside the boundary: its effect runs once the route's own chunk has rendered. */}
        <AfterFirstPaint />
      </Suspense>
    </BrowserRouter>
  );
}
