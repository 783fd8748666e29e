export { DaemonProcess, exitNumber, STOP_GRACE_MS, type ExitStatus, type SpawnDaemonOptions, type StopOptions } from './daemon-process.js';
export { daemonEnvironment, knowsIp6tables, pidfileIn, safetyFlags, socketIn } from './safety.js';
export { descendantsOf, isRunning, pidsMentioning, signal, terminate, type ProcessRef } from './reaper.js';
export { liveCount, registerRunDir } from './live-processes.js';
