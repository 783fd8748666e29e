import { isScalar, LineCounter, parseDocument, visit, type YAMLError } from 'yaml';
import { SimError } from '../errors.js';

/** Aliases a file may expand (yaml's own default): more is refused, not expanded (a "billion laughs" file). */
const MAX_ALIASES = 100;

/** `line 3, column 5: Map keys must be unique`: the library's first line without its own position. */
function described(error: YAMLError): string {
  const text = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const at = error.linePos?.[0];
  return at === undefined ? text : `line ${at.line}, column ${at.col}: ${text}`;
}

/**
 * The one YAML document (YAML 1.2, core schema) a client-faults file holds, as plain data. Loaded
 * only for a YAML file (read.ts), so the yaml package is not loaded otherwise. A syntax error, a
 * second document, a duplicate key, an unknown tag, too many aliases or a number JSON cannot hold
 * (`.nan`, `.inf`) is a SimError SIM_USAGE naming the file, the line and the column.
 */
export function yamlDocument(text: string, file: string): unknown {
  const refuse = (what: string) => new SimError('SIM_USAGE', `invalid argument "${file}" for "--client-faults" flag: not YAML: ${what}`);
  const lines = new LineCounter();
  // logLevel error: nothing is printed (a warning is refused below instead); 'silent' would also drop the error of a second document.
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, logLevel: 'error', lineCounter: lines });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem !== undefined) throw refuse(described(problem));
  // The file means what its JSON twin would: a NaN or an infinity would pass a range check unseen.
  visit(doc, {
    Scalar(_, node) {
      if (isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value)) {
        const at = lines.linePos(node.range?.[0] ?? 0);
        throw new SimError(
          'SIM_USAGE',
          `invalid argument "${file}" for "--client-faults" flag: line ${at.line}, column ${at.col}: ${String(node.value)} is not a number a fault file takes (JSON has no NaN or infinity)`,
        );
      }
    },
  });
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw refuse((error as Error).message);
  }
}
