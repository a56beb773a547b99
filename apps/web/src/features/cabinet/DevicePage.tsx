// /app/devices/:id — one instrument: what runs on it now and its chromatogram on the run-time axis, a
// single injection, pump, purge, equilibration and setpoints, the pressure trace, column, firmware, Wi-Fi,
// pairing, rename and removal. Controls a role may not use are not shown (docs/roles.md).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { fetchDevice, readFirmware, type CurrentRun, type DeviceDetails } from './deviceCommands.ts';
import { useDeviceStream } from './useDeviceStream.ts';
import { DeviceReadout } from './DeviceReadout.tsx';
import { TracePlot } from './TracePlot.tsx';
import { RunControls } from './RunControls.tsx';
import { ColumnForm } from './ColumnForm.tsx';
import { WifiPanel } from './WifiPanel.tsx';
import { PairingPanel } from './PairingPanel.tsx';
import { RunningLine, useRunningNow } from './RunningLine.tsx';
import { RunningChromatogram } from './RunningChromatogram.tsx';
import { InjectionForm } from './InjectionForm.tsx';
import { readinessOf } from './deviceEvents.ts';
import { PumpControls } from './PumpControls.tsx';
import { InstrumentSettings } from './InstrumentSettings.tsx';
import { useInstrumentRights } from './useInstrumentRights.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { AuditPanel } from '../audit/AuditPanel.tsx';

/** The injection running now, else the last one seen on this page (its chromatogram stays drawn). */
function useShownRun(current: CurrentRun | null): CurrentRun | null {
  const [shown, setShown] = useState<CurrentRun | null>(current);
  if (current && current.measurement_id !== shown?.measurement_id) setShown(current);
  return current ?? shown;
}

function DeviceView({ device, reload }: { device: DeviceDetails; reload: () => void }) {
  const rights = useInstrumentRights();
  const { live, traces } = useDeviceStream(device.id, device.state);
  const running = useRunningNow(
    device.id,
    { current: device.current_run ?? null, sequence: device.sequence_run ?? null },
    live.measurementId,
  );
  const shownRun = useShownRun(running.current);
  const firmware = useQuery({
    queryKey: ['device-firmware', device.id],
    queryFn: () => readFirmware(device.id),
    enabled: device.online && rights.command,
  });
  const components = Object.keys(traces.components).length
    ? traces.components
    : (device.live?.components ?? {});
  const column = device.installed_column;
  return (
    <>
      <section className="card device-page__section" aria-label="State">
        <DeviceReadout live={live} components={components} />
        <RunningLine running={running} />
        {rights.command && <RunControls id={device.id} state={live.state} />}
      </section>
      <section className="card device-page__section" aria-label="Running injection">
        <h2>Running injection</h2>
        <RunningChromatogram run={shownRun} ended={running.current === null} />
      </section>
      {rights.command && (
        <section className="card device-page__section" aria-label="Single injection">
          <h2>Single injection</h2>
          <InjectionForm
            device={device}
            ready={readinessOf(live).canInject}
            waiting={readinessOf(live).text}
            onStarted={reload}
          />
        </section>
      )}
      <section className="card device-page__section" aria-label="Pump and oven">
        <h2>Pump and oven</h2>
        <PumpControls device={device} live={live} canCommand={rights.command} />
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
      </section>
      <section className="card device-page__section" aria-label="Installed column">
        <h2>Installed column</h2>
        <p>
          {column?.name
            ? `${column.name} · ${column.length_mm} × ${column.inner_diameter_mm} mm · ${column.particle_size_um} µm`
            : 'No column'}
        </p>
        {rights.update && (
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
      {rights.command && (
        <section className="card device-page__section" aria-label="Wi-Fi">
          <h2>Wi-Fi</h2>
          <WifiPanel id={device.id} wifi={device.wifi} onJoined={reload} />
        </section>
      )}
      {rights.remove && (
        <section className="card device-page__section" aria-label="Pairing">
          <h2>Pairing</h2>
          <PairingPanel id={device.id} />
        </section>
      )}
      {(rights.update || rights.remove) && (
        <section className="card device-page__section" aria-label="Instrument">
          <h2>Name and workspace</h2>
          <InstrumentSettings key={device.name} device={device} rights={rights} onRenamed={reload} />
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
