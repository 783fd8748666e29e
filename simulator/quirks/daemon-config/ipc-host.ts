/** Hypothetical quirk: default-ipc-mode takes `host` too, a value outside the document's set (shareable, private). */
export const IPC_HOST = 'hypothetical.config.values.enum.ipc-host';
