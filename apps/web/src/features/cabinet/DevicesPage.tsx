// My cabinet: the user's instruments as live cards in the user's order.
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { useSessionUser } from '../../lib/useSession.ts';
import { browserTabIcon } from '../../lib/tabIconBrowser.ts';
import { fetchDevices, orderDevices, readDevicesOrder, saveDevicesOrder, type Device } from './devicesApi.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import { DeviceCard } from './DeviceCard.tsx';
import { ClaimDeviceDialog } from './ClaimDeviceDialog.tsx';
import { ServerClock } from './ServerClock.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';

function EmptyDevices() {
  return (
    <EmptyState icon="precision_manufacturing" title="No instruments yet">
      <p>
        Instruments you claim appear here as live cards with pressure, flow, %B, column temperature and run
        progress. To attach one, power it on, join it to your Wi-Fi and claim it with its serial number and
        pairing code.
      </p>
      <Link to="/hardware/" className="button button--secondary">
        <Icon name="info" /> About the instrument
      </Link>
    </EmptyState>
  );
}

/** The tab icon follows the instruments: running while any runs, error, or completed after a run. */
function useTabIconFromStates() {
  const states = useRef(new Map<number, Device['state']>());
  return useCallback((id: number, state: Device['state']) => {
    const previous = states.current.get(id);
    states.current.set(id, state);
    const all = [...states.current.values()];
    const icon = browserTabIcon();
    if (all.includes('running')) icon.setStatus('running');
    else if (all.includes('error')) icon.setStatus('error');
    else if (previous === 'running' && state === 'idle') icon.setStatus('completed');
    else if (icon.status() === 'running') icon.setStatus('none');
  }, []);
}

export function DevicesPage() {
  const user = useSessionUser();
  const userId = user?.user_id ?? '';
  const devices = useQuery({ queryKey: ['devices'], queryFn: fetchDevices });
  const [order, setOrder] = useState<number[]>(() => readDevicesOrder(userId));
  const onState = useTabIconFromStates();
  const [claiming, setClaiming] = useState(false);
  const can = useCan();
  const ordered = useMemo(() => orderDevices(devices.data ?? [], order), [devices.data, order]);

  const move = (index: number, direction: -1 | 1) => {
    const ids = ordered.map((device) => device.id);
    const target = index + direction;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    setOrder(ids);
    saveDevicesOrder(userId, ids);
  };

  return (
    <div className="cabinet__content">
      <PageHead
        title="Instruments"
        lead="Live status of the HPLC instruments attached to your account."
        actions={
          <>
            <ServerClock />
            {can('instruments.claim') && (
              <button type="button" className="button" onClick={() => setClaiming(true)}>
                <Icon name="add" /> Add instrument
              </button>
            )}
          </>
        }
      />
      <ClaimDeviceDialog
        open={claiming}
        onClose={() => setClaiming(false)}
        onClaimed={() => void devices.refetch()}
      />
      {devices.isPending ? (
        <LoadingSkeleton label="instruments" />
      ) : devices.isError ? (
        <LoadFailure error={devices.error} onRetry={() => void devices.refetch()} />
      ) : ordered.length === 0 ? (
        <EmptyDevices />
      ) : (
        <div className="device-grid">
          {ordered.map((device, index) => (
            <DeviceCard
              key={device.id}
              device={device}
              onState={onState}
              onMove={ordered.length > 1 ? (direction) => move(index, direction) : undefined}
              first={index === 0}
              last={index === ordered.length - 1}
            />
          ))}
        </div>
      )}
    </div>
  );
}
