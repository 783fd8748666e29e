/** A quirk the simulator carries (`--quirk ID`, `--as-observed`): the file(s) whose branch carries it. */
export interface QuirkModule {
  /** The module of the quirk and the file(s) of the normal code path that call into it. */
  readonly where: string;
}
