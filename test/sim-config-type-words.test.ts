import fc from 'fast-check';
import t from 'tap';
import { fileKeys, type Shape } from '../specs/config-schema.js';
import { observedDaemons } from './helpers/real-versus-sim.js';
import { replayParameters } from './helpers/replay.js';
import { startsAlike } from './helpers/start-outcome.js';

/**
 * A configuration file's values of the wrong type (simulator/config/file/decode.ts,
 * go-field-paths.ts): generated documents of one to three documented keys, each given a value of
 * another JSON type at some depth (the key itself, an element, a map's value, a nested field), in
 * any order, a nested field's key now and then in upper case; each observed release started with it and ctrd-sim emulating it, the refusal's words
 * compared: which problem the decoder reports first, the struct path and Go type it names.
 */

/** Keys whose conflict with the safety flags would name this run's temporary paths. */
const PATH_KEYS = new Set(['data-root', 'exec-root', 'pidfile', 'hosts']);

/** A value of another JSON type than the shape takes, here or below it. */
function mistyped(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.type) {
    case 'bool':
      return fc.constantFrom('x', 1, 1.5);
    case 'int':
      return fc.constantFrom('1', true, 1.5);
    case 'string':
      return fc.constantFrom(1, 1.5, true, ['x']);
    case 'array':
      return fc.oneof(
        fc.constantFrom('x', 3, { a: 1 }),
        mistyped(shape.items).map((item) => [item]),
      );
    case 'map':
      return fc.oneof(
        fc.constantFrom('x', 3, ['x']),
        mistyped(shape.values).map((value) => ({ k: value })),
      );
    case 'object': {
      const fields = Object.entries(shape.fields);
      if (fields.length === 0) return fc.constantFrom('x', 3, ['x']);
      return fc.oneof(
        fc.constantFrom('x', 3, ['x']),
        // A struct's field under its name or in upper case: Go's decoder matches either.
        fc
          .constantFrom(...fields)
          .chain(([field, inner]) =>
            fc.tuple(fc.constantFrom(field, field, field.toUpperCase()), mistyped(inner)).map(([named, value]) => ({ [named]: value })),
          ),
      );
    }
  }
}

const keys = fileKeys().filter((key) => !PATH_KEYS.has(key.key));
const documents = fc
  .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3, selector: (key) => key.key })
  .chain((chosen) => fc.tuple(...chosen.map((key) => mistyped(key.shape).map((value) => [key.key, value] as const))))
  .map((entries) => Object.fromEntries(entries));

for (const daemon of observedDaemons("a file's values of the wrong type"))
  t.test(`a file's values of the wrong type: ctrd-sim --emulate ${daemon.release} and dockerd ${daemon.release}`, async (t) => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(documents, async (file) => {
        const real = await startsAlike(daemon, file);
        if (real[0] === 'refused') refused++;
      }),
      { numRuns: 80, ...replayParameters() },
    );
    t.ok(refused > 40, `most documents were refused, so their words were compared: ${refused} of 80`);
  });
