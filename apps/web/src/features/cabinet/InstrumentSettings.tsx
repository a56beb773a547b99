// Rename the instrument (analysts and administrators) and remove it from the workspace (administrators,
// as claiming one in), with a confirmation that says what removal means.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Field, useField } from '../../components/Field.tsx';
import { Dialog } from '../../components/Modal.tsx';
import { Icon } from '../../components/Icon.tsx';
import { rules } from '../../lib/validation.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { removeDevice, renameDevice, type DeviceDetails } from './deviceCommands.ts';
import type { InstrumentRights } from './useInstrumentRights.ts';

interface InstrumentSettingsProps {
  device: DeviceDetails;
  rights: InstrumentRights;
  onRenamed: () => void;
}

export function InstrumentSettings({ device, rights, onRenamed }: InstrumentSettingsProps) {
  const name = useField(device.name, [rules.required]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.check()) return;
    setBusy(true);
    try {
      await renameDevice(device.id, name.value.trim());
      notifySuccess('Instrument renamed.');
      onRenamed();
    } catch (error) {
      name.setServerError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeDevice(device.id);
      notifySuccess(`${device.name} was removed from the workspace.`);
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
      void navigate('/app/devices/');
    } catch (error) {
      notifyError((error as Error).message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      {rights.update && (
        <form className="device-form" aria-label="Rename" noValidate onSubmit={(event) => void rename(event)}>
          <div className="device-form__row">
            <Field label="Instrument name" name="device_name" field={name} maxLength={120} />
          </div>
          <button type="submit" className="button button--small" disabled={busy}>
            Rename
          </button>
        </form>
      )}
      {rights.remove && (
        <button
          type="button"
          className="button button--small button--secondary device-page__remove"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          <Icon name="delete" /> Remove from workspace
        </button>
      )}
      <Dialog
        open={confirming}
        title={`Remove ${device.name}?`}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
              <Icon name="delete" /> Remove
            </button>
          </>
        }
      >
        <p>
          The instrument leaves this workspace and is disconnected. Its injections and measurements stay. To
          use it again, claim it with its serial number and pairing code.
        </p>
      </Dialog>
    </>
  );
}
