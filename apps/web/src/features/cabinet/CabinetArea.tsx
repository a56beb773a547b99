// /app: the signed-in cabinet, behind the guard.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CabinetLayout } from './CabinetLayout.tsx';
import { DevicesPage } from './DevicesPage.tsx';
import { DevicePage } from './DevicePage.tsx';
import './cabinet.css';
import './lists.css';

const MethodsArea = lazy(() => import('../methods/MethodsArea.tsx'));
const TemplatesArea = lazy(() => import('../templates/TemplatesArea.tsx'));
const ChromatogramsArea = lazy(() => import('../chromatograms/ChromatogramsArea.tsx'));
const SequencesArea = lazy(() => import('../sequences/SequencesArea.tsx'));
const AccountPage = lazy(() => import('../account/AccountPage.tsx'));
const AuditPage = lazy(() => import('../audit/AuditPage.tsx'));
const MembersPage = lazy(() => import('../workspaces/MembersPage.tsx'));
const InvitationPage = lazy(() => import('../workspaces/InvitationPage.tsx'));

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export default function CabinetArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<CabinetLayout />}>
          <Route path="devices" element={<DevicesPage />} />
          <Route path="devices/:id/*" element={<DevicePage />} />
          <Route
            path="methods/*"
            element={
              <Suspense fallback={null}>
                <MethodsArea />
              </Suspense>
            }
          />
          <Route
            path="templates/*"
            element={
              <Suspense fallback={null}>
                <TemplatesArea />
              </Suspense>
            }
          />
          <Route
            path="chromatograms/*"
            element={
              <Suspense fallback={null}>
                <ChromatogramsArea />
              </Suspense>
            }
          />
          <Route
            path="sequences/*"
            element={
              <Suspense fallback={null}>
                <SequencesArea />
              </Suspense>
            }
          />
          <Route
            path="audit/*"
            element={
              <Suspense fallback={null}>
                <AuditPage />
              </Suspense>
            }
          />
          <Route
            path="account/*"
            element={
              <Suspense fallback={null}>
                <AccountPage />
              </Suspense>
            }
          />
          <Route
            path="members/*"
            element={
              <Suspense fallback={null}>
                <MembersPage />
              </Suspense>
            }
          />
          <Route
            path="invitation/*"
            element={
              <Suspense fallback={null}>
                <InvitationPage />
              </Suspense>
            }
          />
          <Route path="*" element={<Navigate to="/app/devices/" replace />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
