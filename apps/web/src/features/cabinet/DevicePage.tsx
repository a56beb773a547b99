// /app/devices/:id — one instrument: state and components, column, firmware, live traces, run controls, Wi-Fi.
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { fetchDevice, readFirmware, type DeviceDetails } from './deviceCommands.ts';
import { useDeviceStream } from './useDeviceStream.ts';
import { DeviceReadout } from './DeviceReadout.tsx';
import { TracePlot } from './TracePlot.tsx';
import { RunControls } from './RunControls.tsx';
import { ColumnForm } from './ColumnForm.tsx';
import { WifiPanel } from './WifiPanel.tsx';
import { PairingPanel } from './PairingPanel.tsx';
import { SequenceRunLine } from './SequenceRunLine.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { AuditPanel } from '../audit/AuditPanel.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';

function DeviceView({ device, reload }: { device: DeviceDetails; reload: () => void }) {
  const { live, traces } = useDeviceStream(device.id, device.state);
  const can = useCan();
  // Reading the firmware is a command to the instrument: only roles that command it ask.
  const firmware = useQuery({
    queryKey: ['device-firmware', device.id],
    queryFn: () => readFirmware(device.id),
    enabled: device.online && can('instruments.command'),
  });
  const components = Object.keys(traces.components).length
    ? traces.components
    : (device.live?.components ?? {});
  const column = device.installed_column;
  return (
    <>
      <section className="card device-page__section" aria-label="State">
        <DeviceReadout live={live} components={components} />
        <SequenceRunLine id={device.id} initial={device.sequence_run ?? null} />
        {can('instruments.command') && <RunControls id={device.id} state={live.state} />}
      </section>
      <section className="card device-page__section" aria-label="Live traces">
        <h2>Pressure</h2>
        <TracePlot
          label="Pressure"
          unit="bar"
          color="#1565c0"
          timeSec={traces.timeSec}
          values={traces.pressureBar}
        />
        <h2>Detector</h2>
        <TracePlot
          label="Detector"
          unit="mAU"
          color="#2e7d32"
          timeSec={traces.timeSec}
          values={traces.signalMau}
        />
      </section>
      <section className="card device-page__section" aria-label="Installed column">
        <h2>Installed column</h2>
        <p>
          {column?.name
            ? `${column.name} · ${column.length_mm} × ${column.inner_diameter_mm} mm · ${column.particle_size_um} µm`
            : 'No column'}
        </p>
        {can('instruments.update') && (
          <ColumnForm key={JSON.stringify(column)} id={device.id} column={column} onSaved={reload} />
        )}
      </section>
      <section className="card device-page__section" aria-label="Firmware">
        <h2>Firmware</h2>
        <p>
          Version {firmware.data?.firmware_version ?? device.firmware_version}
          {firmware.data &&
            ` · bootloader ${firmware.data.bootloader_version} · build ${firmware.data.build}`}
        </p>
      </section>
      {can('instruments.command') && (
        <section className="card device-page__section" aria-label="Wi-Fi">
          <h2>Wi-Fi</h2>
          <WifiPanel id={device.id} wifi={device.wifi} onJoined={reload} />
        </section>
      )}
      {can('instruments.claim') && (
        <section className="card device-page__section" aria-label="Pairing">
          <h2>Pairing</h2>
          <PairingPanel id={device.id} />
        </section>
      )}
    </>
  );
}

export function DevicePage() {
  const id = Number(useParams().id);
  const device = useQuery({ queryKey: ['device', id], queryFn: () => fetchDevice(id) });
  return (
    <div className="cabinet__content device-page">
      <PageHead
        title={device.data?.name ?? 'Instrument'}
        lead={device.data ? `S/N ${device.data.serial_number}` : undefined}
        above={
          <Link to="/app/devices/" className="device-page__back">
            <Icon name="arrow_back" /> Instruments
          </Link>
        }
      />
      {device.isError && <LoadFailure error={device.error} onRetry={() => void device.refetch()} />}
      {device.isPending && <LoadingSkeleton label="the instrument" />}
      {device.data && <DeviceView device={device.data} reload={() => void device.refetch()} />}
      {device.data && <AuditPanel kind="instruments" id={id} />}
    </div>
  );
}
