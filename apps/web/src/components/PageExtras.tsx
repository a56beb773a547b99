// Loaded after first paint by AfterFirstPaint: toasts, the update notice and the PWA install suggestion.
import { Toasts } from './Toasts.tsx';
import { UpdateNotice } from './UpdateNotice.tsx';
import { PwaSupport } from '../pwa/PwaSupport.tsx';

export default function PageExtras() {
  return (
    <>
      <Toasts />
      <UpdateNotice />
      <PwaSupport />
    </>
  );
}
