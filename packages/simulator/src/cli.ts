// `npm run simulator -- --url <server> --serial <s> --pairing-code <c> [--credential-file <f>] [--speed <n>]`:
// one simulated instrument as its own process, connecting over the network exactly like hardware. The
// credential issued at the claim is kept in the credential file (mode 0600), as hardware keeps it in flash.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DeviceClient } from './device-client.ts';
import { websocketConnector } from './link/transport.ts';

const usage =
  'usage: npm run simulator -- --url <server> --serial <serial> --pairing-code <code> [--credential-file <path>] [--speed <n>]';

function main(): void {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      serial: { type: 'string' },
      'pairing-code': { type: 'string' },
      'credential-file': { type: 'string' },
      speed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const speed = Number(values.speed ?? process.env.ELUENT_SIM_SPEED ?? 1);
  if (!values.url || !values.serial || !values['pairing-code'] || !(speed > 0)) {
    console.error(usage);
    process.exit(2);
  }
  const credentialFile = values['credential-file'];
  const stored =
    credentialFile && existsSync(credentialFile) ? readFileSync(credentialFile, 'utf8').trim() : '';
  const client = new DeviceClient({
    connect: websocketConnector(values.url),
    serialNumber: values.serial,
    pairingCode: values['pairing-code'],
    ...(stored ? { credential: stored } : {}),
    onCredential: (credential) => {
      if (credentialFile) writeFileSync(credentialFile, `${credential}\n`, { mode: 0o600 });
    },
    speed,
    log: (message) => console.log(message),
  });
  let wasConnected = false;
  const report = setInterval(() => {
    if (client.connected !== wasConnected) {
      wasConnected = client.connected;
      console.log(
        client.connected
          ? `simulator ${values.serial} online as device ${client.deviceId} (${client.claimed ? 'claimed' : 'waiting to be claimed'})`
          : `simulator ${values.serial} offline, reconnecting`,
      );
    }
  }, 200);
  client.start();
  const stop = () => {
    clearInterval(report);
    void client.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
