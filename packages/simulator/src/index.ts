// The simulated HPLC: physics, the virtual instrument and its device-link client.
export { DeviceClient, type DeviceClientOptions } from './device-client.ts';
export { InstrumentError, SimulatedInstrument } from './instrument/instrument.ts';
export { simulatedHardware, SIMULATOR_FIRMWARE_VERSION } from './instrument/hardware.ts';
export { socketPair, websocketConnector, type Connect, type LinkSocket } from './link/transport.ts';
export { exampleMethods } from './library/methods.ts';
export { sampleLibrary, defaultTray } from './library/samples.ts';
export { compounds } from './library/compounds.ts';
export { planRun, type RunMethod, type SampleComposition } from './physics/plan.ts';
export { createRunSignal } from './physics/run-signal.ts';
export { mulberry32, seedFromText, gaussian } from './physics/random.ts';
