// Tells the user a newer build is on the server (isServerVersionGreater) and offers a reload.
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { storage, versionState } from '../api/client.ts';
import { CLIENT_VERSION } from '../lib/constants.ts';
import { takeUpdateNotice } from '../lib/appVersionNotice.ts';
import { notifySuccess } from '../lib/toast.ts';

export const UPDATE_TEXT = 'A new version of Eluent is available.';

function UpdateToast() {
  return (
    <div className="update-toast">
      <span>{UPDATE_TEXT}</span>
      <button type="button" className="button button--small" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

export function UpdateNotice() {
  useEffect(() => {
    const updated = takeUpdateNotice(storage, CLIENT_VERSION);
    if (updated) notifySuccess(updated, { toastId: 'app-updated' });
  }, []);
  useEffect(() => {
    const show = () =>
      void toast.info(<UpdateToast />, {
        toastId: 'update-available',
        autoClose: false,
        closeOnClick: false,
      });
    if (versionState.isServerVersionGreater()) show();
    return versionState.subscribe(show);
  }, []);
  return null;
}
