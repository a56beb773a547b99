// /app: the signed-in cabinet, behind the guard.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CabinetLayout } from './CabinetLayout.tsx';
import './cabinet.css';
import './lists.css';
import { cabinetAreaChunks } from './cabinetAreas.ts';

const DevicesArea = lazy(cabinetAreaChunks.devices);
const MethodsArea = lazy(cabinetAreaChunks.methods);
const TemplatesArea = lazy(cabinetAreaChunks.templates);
const ChromatogramsArea = lazy(cabinetAreaChunks.chromatograms);
const SequencesArea = lazy(cabinetAreaChunks.sequences);
const AccountPage = lazy(cabinetAreaChunks.account);
const AuditPage = lazy(cabinetAreaChunks.audit);
const MembersPage = lazy(cabinetAreaChunks.members);
const InvitationPage = lazy(cabinetAreaChunks.invitation);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export default function CabinetArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<CabinetLayout />}>
          <Route
            path="devices/*"
            element={
              <Suspense fallback={null}>
                <DevicesArea />
              </Suspense>
            }
          />
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
