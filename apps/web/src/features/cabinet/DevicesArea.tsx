// /app/devices: the instruments and one instrument's page, a chunk of their own (with the live plots and the
// realtime client they need), so the cabinet's other pages do not wait for them (docs/web.md "Opening a page").
import { Route, Routes } from 'react-router-dom';
import { DevicesPage } from './DevicesPage.tsx';
import { DevicePage } from './DevicePage.tsx';

export default function DevicesArea() {
  return (
    <Routes>
      <Route index element={<DevicesPage />} />
      <Route path=":id/*" element={<DevicePage />} />
    </Routes>
  );
}
