// /app: the signed-in cabinet, behind the guard.
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CabinetLayout } from './CabinetLayout.tsx';
import { DevicesPage } from './DevicesPage.tsx';
import './cabinet.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export default function CabinetArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<CabinetLayout />}>
          <Route path="devices/*" element={<DevicesPage />} />
          <Route path="*" element={<Navigate to="/app/devices/" replace />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
