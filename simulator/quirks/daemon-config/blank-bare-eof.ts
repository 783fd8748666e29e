import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a blank configuration file is refused with the JSON decoder's bare error (`EOF`), returned unwrapped: the output names neither the file nor the problem. */
export const ID = 'hypothetical.config.file.empty.bare-eof';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/blank-bare-eof.ts, its row of simulator/config/file/read-document-variant.ts (READ_DOCUMENT_VARIATIONS), read by simulator/config/file/read-document.ts (readDocument)',
};

/** What the quirk prints for a blank file. */
export const MESSAGE = 'EOF';
