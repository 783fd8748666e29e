import { readFileSync } from 'node:fs';

/** The version of this tool, as package.json gives it. */
export const TOOL_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
