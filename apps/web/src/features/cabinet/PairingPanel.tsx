// Re-pairing an instrument that lost its device credential: the owner gets a new pairing code, shown once,
// to type into the instrument; the old credential stops working at once.
import { useState } from 'react';
import type { DevicePairing } from '@eluent/contracts';
import { Dialog } from '../../components/Modal.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { rePairDevice } from './deviceCommands.ts';

export function PairingPanel({ id }: { id: number }) {
  const [confirming, setConfirming] = useState(false);
  const [pairing, setPairing] = useState<DevicePairing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const issue = async () => {
    setConfirming(false);
    setError(null);
    try {
      setPairing(await rePairDevice(id));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <div className="device-pairing">
      <p>If the instrument lost its credential (after a reset or a repair), pair it again with a new code.</p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {pairing ? (
        <p role="status">
          Enter this pairing code on instrument {pairing.serial_number}: <code>{pairing.pairing_code}</code>.
          It is shown only now and works once.
        </p>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setConfirming(true)}
        >
          <Icon name="link" /> Pair again
        </button>
      )}
      <Dialog
        open={confirming}
        title="Pair the instrument again?"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button" onClick={() => void issue()}>
              New pairing code
            </button>
          </>
        }
      >
        <p>
          The instrument's current credential stops working at once and it is disconnected. It connects again
          once the new pairing code is entered on it; its printed code no longer works.
        </p>
      </Dialog>
    </div>
  );
}
