// On the account page: install the app whenever the browser offers it (after the one-time suggestion too).
import { useEffect, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { isStandalone } from '../lib/linkOpener.ts';
import { installPrompts } from './pwa.ts';

export function InstallSuggestion() {
  const [available, setAvailable] = useState(() => installPrompts.current() !== null);
  useEffect(() => installPrompts.subscribe((event) => setAvailable(event !== null)), []);
  if (isStandalone()) {
    return (
      <section className="card account__card" aria-label="App">
        <h2>App</h2>
        <p>Eluent runs as an installed app on this device.</p>
      </section>
    );
  }
  if (!available) return null;
  return (
    <section className="card account__card" aria-label="App">
      <h2>App</h2>
      <p>Install Eluent for a window of its own; report links then open in the same window.</p>
      <button type="button" className="button" onClick={() => void installPrompts.install()}>
        <Icon name="install_desktop" /> Install app
      </button>
    </section>
  );
}
