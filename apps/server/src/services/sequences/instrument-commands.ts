// Commands a sequence sends its instrument after its state is saved (pause, resume, stop). A command the
// instrument does not confirm is never dropped silently: it is logged, and the answer carries a warning
// with the catalogue text, so the user knows the saved state and the instrument may disagree.
import { domainErrors, type InstrumentWarning } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { InstrumentPort } from './instrument-port.ts';

export type { InstrumentWarning };
export type InstrumentCommand = InstrumentWarning['command'];

/** Sends `command`; answers the warning to report when the instrument did not confirm it. */
export async function commandInstrument(
  port: InstrumentPort,
  logger: Pick<FastifyBaseLogger, 'warn'>,
  target: { sequenceId: number; deviceId: number },
  command: InstrumentCommand,
): Promise<InstrumentWarning | undefined> {
  try {
    // An instrument that is not connected cannot confirm anything: its pump may still be running.
    if (!(await port.availability(target.deviceId)).online) throw new Error('instrument is not connected');
    await port.command(target.deviceId, command);
    return undefined;
  } catch (error) {
    logger.warn({ err: error, ...target, command }, 'instrument did not confirm a sequence command');
    const code = 'sequence_instrument_not_confirmed';
    return { code, detail: domainErrors[code], command };
  }
}
