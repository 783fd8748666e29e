import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: the single string host-gateway-ip of the file (kept for older daemons) is not checked as an address: a non-address is dropped without a word (the flag and host-gateway-ips are checked). */
export const ID = 'hypothetical.config.host-gateway.ips.legacy-string-unchecked';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/host-gateway-string-unchecked.ts, called from simulator/config/file/merge.ts (hostGatewayIps)',
};

/** The addresses of the file's string host-gateway-ip: a non-address dropped where the quirk is carried. */
export const legacyString = (value: string, isIp: (value: string) => boolean, quirks: ReadonlySet<string>): readonly string[] =>
  quirks.has(ID) && !isIp(value) ? [] : [value];
