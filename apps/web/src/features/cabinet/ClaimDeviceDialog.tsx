// "Add instrument": claims a device by its serial number and pairing code; the server's error is shown as is.
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Modal.tsx';
import { Field, useField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { rules } from '../../lib/validation.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { claimDevice } from './deviceCommands.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

interface ClaimDeviceDialogProps {
  open: boolean;
  onClose: () => void;
  onClaimed: () => void;
}

export function ClaimDeviceDialog({ open, onClose, onClaimed }: ClaimDeviceDialogProps) {
  const serial = useField('', [rules.required]);
  const code = useField('', [rules.required]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (![serial.check(), code.check()].every(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const device = await claimDevice(serial.value.trim(), code.value.trim());
      notifySuccess(`${device.name} added.`);
      onClaimed();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title="Add instrument" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Field label="Serial number" name="serial_number" field={serial} autoComplete="off" autoFocus />
        <Field label="Pairing code" name="pairing_code" field={code} autoComplete="off" />
        <div className="device-form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            <Icon name="add" /> Add
          </button>
        </div>
      </form>
    </Dialog>
  );
}
