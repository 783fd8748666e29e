import { KNOWN_OPTIONS } from './argv.js';

export function usage(): string {
  const lines = KNOWN_OPTIONS.map((option) => {
    const names = option.short === undefined ? `    --${option.name}` : `-${option.short}, --${option.name}`;
    const value = option.kind === 'bool' ? '' : option.kind === 'list' ? ' list' : ` ${option.kind}`;
    return `  ${(names + value).padEnd(42)}`;
  });
  return ['Usage:\tctrd [OPTIONS]', '', 'A self-sufficient runtime for containers (simulator).', '', 'Options:', ...lines, ''].join('\n');
}
