import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number, label: string): void;
  stop(): void;
}

/** A progress bar on a terminal; nothing when output is not a TTY (CI logs stay clean). */
export function progressFor(stream: NodeJS.WriteStream, quiet: boolean): Progress {
  if (quiet || !stream.isTTY) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { stream, format: '{bar} {value}/{total} cells | {label}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, label) {
      if (!started) {
        bar.start(total, 0, { label });
        started = true;
      }
      bar.update(done, { label });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
