// /app/chromatograms: measurements, viewer and overlay.
import { Route, Routes } from 'react-router-dom';
import { ChromatogramsPage } from './ChromatogramsPage.tsx';
import { ChromatogramViewer } from './ChromatogramViewer.tsx';
import { CompareView } from './CompareView.tsx';

export default function ChromatogramsArea() {
  return (
    <Routes>
      <Route index element={<ChromatogramsPage />} />
      <Route path="compare" element={<CompareView />} />
      <Route path=":id" element={<ChromatogramViewer />} />
    </Routes>
  );
}
