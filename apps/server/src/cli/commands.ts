// Commands contributed by modules (process, import, export).
import type { CliCommand } from './command.ts';
import { importCommand } from './import-command.ts';
import { exportCommand, processCommand } from './process-command.ts';

export const commands: Record<string, CliCommand> = {
  process: processCommand,
  export: exportCommand,
  import: importCommand,
};
