// /app/chromatograms: measurements, viewer and overlay.
import { Route, Routes, useParams } from 'react-router-dom';
import { ChromatogramsPage } from './ChromatogramsPage.tsx';
import { ChromatogramViewer } from './ChromatogramViewer.tsx';
import { CompareView } from './CompareView.tsx';

export default function ChromatogramsArea() {
  return (
    <Routes>
      <Route index element={<ChromatogramsPage />} />
      <Route path="compare" element={<CompareView />} />
      <Route path=":id" element={<ViewerOf />} />
    </Routes>
  );
}

/**
 * A new viewer for each measurement: switching between a run's channels must not carry one channel's staged
 * peak edits or reprocessing job over to the next (the overlaid channels travel in the address).
 */
function ViewerOf() {
  return <ChromatogramViewer key={useParams().id} />;
}
