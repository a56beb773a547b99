// What the signed-in member may do with the workspace's instruments (docs/roles.md), from the privilege
// check every page uses: the controls a role cannot use are not shown; the server refuses them anyway.
import { useCan } from '../workspaces/usePrivileges.ts';

export interface InstrumentRights {
  /** Injections, pump, purge, equilibration, setpoints, run controls, Wi-Fi, firmware. */
  command: boolean;
  /** Rename, installed column. */
  update: boolean;
  /** Pairing, and taking the instrument out of the workspace (as claiming one in: administrators). */
  remove: boolean;
}

export function useInstrumentRights(): InstrumentRights {
  const can = useCan();
  return {
    command: can('instruments.command'),
    update: can('instruments.update'),
    remove: can('instruments.claim'),
  };
}
