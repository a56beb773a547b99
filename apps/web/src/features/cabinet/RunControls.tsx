// Stop, pause and resume of the instrument's current run.
import { useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import type { Device } from './device.ts';
import { controlRun } from './deviceCommands.ts';

const ACTIONS = [
  { action: 'pause', label: 'Pause', icon: 'pause', when: ['running'] },
  { action: 'resume', label: 'Resume', icon: 'play_arrow', when: ['paused'] },
  { action: 'stop', label: 'Stop', icon: 'stop', when: ['running', 'paused'] },
] as const;

export function RunControls({ id, state }: { id: number; state: Device['state'] }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: (typeof ACTIONS)[number]['action'], label: string) => {
    setBusy(true);
    try {
      await controlRun(id, action);
      notifySuccess(`${label} sent.`);
    } catch (error) {
      notifyError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="device-page__controls" role="group" aria-label="Run controls">
      {ACTIONS.map(({ action, label, icon, when }) => (
        <button
          key={action}
          type="button"
          className={`button button--small ${action === 'stop' ? '' : 'button--secondary'}`}
          disabled={busy || !(when as readonly string[]).includes(state)}
          onClick={() => void run(action, label)}
        >
          <Icon name={icon} /> {label}
        </button>
      ))}
    </div>
  );
}
