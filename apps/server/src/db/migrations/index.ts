// The one migration history, run in order on PGlite and on PostgreSQL. Append; never edit a landed one.
import type { Migration } from 'kysely';
import * as accounts from './0001_accounts.ts';
import * as domain from './0002_domain.ts';
import * as dataApi from './0003_data_api.ts';
import * as sequences from './0005_sequences.ts';
import * as results from './0006_results.ts';
import * as peakCodes from './0008_peak_codes.ts';
import * as interrupted from './0009_interrupted_injections.ts';
import * as tokenVersions from './0010_token_versions.ts';
import * as workspaces from './0011_workspaces.ts';
import * as auditTrail from './0012_audit_trail.ts';
import * as components from './0013_components.ts';
import * as assay from './0014_assay.ts';
import * as signatures from './0015_signatures.ts';
import * as runStarter from './0016_run_starter.ts';
import * as overlays from './0019_overlays.ts';
import * as locksAndSessions from './0020_locks_and_sessions.ts';
import * as binarySignals from './0021_binary_signals.ts';
import * as measurementChannels from './0022_measurement_channels.ts';
import * as signedVersionsKept from './0023_signed_versions_kept.ts';
import * as fullNames from './0024_full_names.ts';
import * as pressureMax from './0025_pressure_max.ts';
import * as integrationEvents from './0026_integration_events.ts';
import * as measurementSpectra from './0027_measurement_spectra.ts';

export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_domain': domain,
  '0003_data_api': dataApi,
  '0005_sequences': sequences,
  '0006_results': results,
  '0008_peak_codes': peakCodes,
  '0009_interrupted_injections': interrupted,
  '0010_token_versions': tokenVersions,
  '0011_workspaces': workspaces,
  '0012_audit_trail': auditTrail,
  '0013_components': components,
  '0014_assay': assay,
  '0015_signatures': signatures,
  '0016_run_starter': runStarter,
  '0019_overlays': overlays,
  '0020_locks_and_sessions': locksAndSessions,
  '0021_binary_signals': binarySignals,
  '0022_measurement_channels': measurementChannels,
  '0023_signed_versions_kept': signedVersionsKept,
  '0024_full_names': fullNames,
  '0025_pressure_max': pressureMax,
  '0026_integration_events': integrationEvents,
  '0027_measurement_spectra': measurementSpectra,
};
