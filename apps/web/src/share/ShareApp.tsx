// Shared view routes of spec §2 (hash routing under /share/).
import { HashRouter, Route, Routes, useParams } from 'react-router-dom';
import { Toasts } from '../components/Toasts.tsx';
import { ShareFrame } from './ShareFrame.tsx';
import { SamplePage } from './SamplePage.tsx';
import { ReportPage } from './ReportPage.tsx';
import { NotFound } from './NotFound.tsx';
import { OverlayPage } from './OverlayPage.tsx';
import { ShareMessage } from './ShareMessage.tsx';
import { useShareStartup } from './useShareStartup.ts';
import { GENERIC_ERROR_TEXT } from './visitor.ts';

/** Only numeric ids are routes (spec §2); anything else is the not-found route. */
export const isNumericId = (value: string | undefined): value is string => !!value && /^\d+$/.test(value);

function SampleRoute() {
  const { sampleId, injectionId } = useParams();
  if (!isNumericId(sampleId) || (injectionId !== undefined && !isNumericId(injectionId))) return <NotFound />;
  return (
    <SamplePage sampleId={Number(sampleId)} injectionId={injectionId ? Number(injectionId) : undefined} />
  );
}

function StartupError() {
  return (
    <ShareMessage icon="cloud_off" title="Error">
      {GENERIC_ERROR_TEXT}
    </ShareMessage>
  );
}

export function ShareApp() {
  const startup = useShareStartup();
  if (startup === 'loading') return null;
  return (
    <HashRouter>
      <Routes>
        <Route element={<ShareFrame />}>
          {startup === 'error' ? (
            <Route path="*" element={<StartupError />} />
          ) : (
            <>
              <Route path="/samples/:sampleId/" element={<SampleRoute />} />
              <Route path="/samples/:sampleId/injection/:injectionId/" element={<SampleRoute />} />
              <Route path="/overlays/" element={<OverlayPage />} />
              <Route path="*" element={<NotFound />} />
            </>
          )}
        </Route>
        <Route path="/reports/injection/" element={<ReportPage kind="injection" />} />
        <Route path="/reports/sequence/" element={<ReportPage kind="sequence" />} />
      </Routes>
      <Toasts />
    </HashRouter>
  );
}
