// Commands contributed by modules (process, import, export).
import type { CliCommand } from './command.ts';

export const commands: Record<string, CliCommand> = {};
