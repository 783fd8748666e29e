/** What the command line gave for client faults: the file (read while the configuration is resolved) and --client-faults-seed. */
export interface ClientFaultsSource {
  readonly file: string;
  readonly text: string;
  readonly seedFlag: number | null;
}
