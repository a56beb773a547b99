// /app: the signed-in cabinet, behind the guard.
import { Navigate, Route, Routes } from 'react-router-dom';
import { CabinetLayout } from './CabinetLayout.tsx';
import { DevicesPage } from './DevicesPage.tsx';
import './cabinet.css';

export default function CabinetArea() {
  return (
    <Routes>
      <Route element={<CabinetLayout />}>
        <Route path="devices/*" element={<DevicesPage />} />
        <Route path="*" element={<Navigate to="/app/devices/" replace />} />
      </Route>
    </Routes>
  );
}
