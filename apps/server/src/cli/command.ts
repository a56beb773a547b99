export interface CliCommand {
  usage: string;
  run(args: string[]): Promise<number>;
}
