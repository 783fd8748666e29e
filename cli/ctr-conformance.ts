#!/usr/bin/env node
// The signal handlers come before anything else is loaded (this module imports nothing else
// statically): a signal that comes while the rest loads must not get node's default, which for
// SIGUSR1 is to open the inspector on 127.0.0.1:9229 to anyone on the machine.
// An interrupted run exits through process.exit, so that the targets' exit hooks stop every daemon
// it started (by PID) and remove their directories; a signal's default action would skip them.
// During a run the first Ctrl-C only stops it, so that its report is written (see interrupts.ts).
import { installSignalHandlers } from './interrupts.js';

installSignalHandlers();
// Not awaited: the bundle of the CLI (scripts/bundle-cli.mjs) is a script, where a module's top-level await cannot be.
void import('./main.js');
