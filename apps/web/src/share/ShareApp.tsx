// Shared view routes of spec §2 (hash routing under /share/).
import { HashRouter, Route, Routes, useParams } from 'react-router-dom';
import { Toasts } from '../components/Toasts.tsx';
import { ShareFrame } from './ShareFrame.tsx';
import { SamplePage } from './SamplePage.tsx';
import { ReportPage } from './ReportPage.tsx';
import { NotFound } from './NotFound.tsx';

/** Only numeric ids are routes (spec §2); anything else is the not-found route. */
export const isNumericId = (value: string | undefined): value is string => !!value && /^\d+$/.test(value);

function SampleRoute() {
  const { sampleId, injectionId } = useParams();
  if (!isNumericId(sampleId) || (injectionId !== undefined && !isNumericId(injectionId))) return <NotFound />;
  return (
    <SamplePage sampleId={Number(sampleId)} injectionId={injectionId ? Number(injectionId) : undefined} />
  );
}

export function ShareApp() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<ShareFrame />}>
          <Route path="/samples/:sampleId/" element={<SampleRoute />} />
          <Route path="/samples/:sampleId/injection/:injectionId/" element={<SampleRoute />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="/reports/injection/" element={<ReportPage kind="injection" />} />
        <Route path="/reports/sequence/" element={<ReportPage kind="sequence" />} />
      </Routes>
      <Toasts />
    </HashRouter>
  );
}
