// Wi-Fi setup: scan the networks the instrument sees, then join one with its password.
import { useState, type FormEvent } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { notifySuccess } from '../../lib/toast.ts';
import { joinWifi, scanWifi, type DeviceDetails, type WifiNetwork } from './deviceCommands.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

interface WifiPanelProps {
  id: number;
  wifi: DeviceDetails['wifi'];
  onJoined: () => void;
}

export function WifiPanel({ id, wifi, onJoined }: WifiPanelProps) {
  const [networks, setNetworks] = useState<WifiNetwork[] | null>(null);
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const scan = () =>
    attempt(async () => {
      const found = (await scanWifi(id)).networks;
      setNetworks(found);
      if (!ssid && found[0]) setSsid(found[0].ssid);
    });
  const join = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const joined = await joinWifi(id, ssid, password);
      notifySuccess(`Joined ${joined.ssid}.`);
      setPassword('');
      onJoined();
    });
  };

  return (
    <div className="device-wifi">
      <p>
        {wifi?.ssid ? `${wifi.connected ? 'Connected to' : 'Set to'} ${wifi.ssid}` : 'No Wi-Fi network set'}
      </p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <button type="button" className="button button--secondary button--small" onClick={() => void scan()}>
        <Icon name="wifi_find" /> Scan networks
      </button>
      {networks && (
        <ul className="device-wifi__list" aria-label="Wi-Fi networks">
          {networks.length === 0 && <li>No networks found</li>}
          {networks.map((network) => (
            <li key={network.ssid}>
              <label>
                <input
                  type="radio"
                  name="ssid"
                  checked={ssid === network.ssid}
                  onChange={() => setSsid(network.ssid)}
                />{' '}
                {network.ssid} · {network.signal_dbm} dBm {network.secured ? '· secured' : ''}
              </label>
            </li>
          ))}
        </ul>
      )}
      <form className="device-form" onSubmit={join} aria-label="Join Wi-Fi">
        <div className="device-form__row">
          <div className="field">
            <label htmlFor="wifi-ssid">Network</label>
            <input id="wifi-ssid" value={ssid} onChange={(event) => setSsid(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="wifi-password">Wi-Fi password</label>
            <input
              id="wifi-password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="button button--small" disabled={busy || ssid.trim() === ''}>
          Join
        </button>
      </form>
    </div>
  );
}
