import fc from 'fast-check';
import { DIGITS, LETTERS, LOWER_DIGITS, word } from '../arbitraries/words.js';

/**
 * Model references as templates over the case's namespace. Cells run side by side against one
 * runner with the same seed, so the namespace cannot be generated: each case brings a fresh one
 * and {@link bind} puts it in. `{ns}` stands for it as it is, `{NS}` for it in upper case.
 */

/** A valid reference: what is sent and what the runner must make of it. */
export interface ValidReference {
  /** The reference as sent (template). */
  readonly text: string;
  /** Its canonical form `namespace/name:tag` (template): lower-cased, `latest` when no tag. */
  readonly canonical: string;
  /** Whether the text names a tag (else the document's path `/models/{namespace}/{name}` has none). */
  readonly tagged: boolean;
}

/** An invalid reference and why the grammar refuses it. */
export interface InvalidReference {
  /** The reference as sent (template). */
  readonly text: string;
  readonly why: string;
}

/** Puts the case's namespace into a template. */
export const bind = (template: string, namespace: string): string => template.replaceAll('{NS}', namespace.toUpperCase()).replaceAll('{ns}', namespace);

/**
 * The path of a held model under /models (or …/v1/models): the canonical form, without `:latest`
 * when the reference named no tag, as the document's `/models/{namespace}/{name}` reads.
 */
export const modelPath = (ref: ValidReference, namespace: string): string =>
  bind(ref.tagged ? ref.canonical : ref.canonical.replace(/:latest$/, ''), namespace);

/** ASCII upper case by a bit mask over the letters (bit i of `mask` for letter i, cycling): 0 leaves the text. */
export function withCase(text: string, mask: number): string {
  let letter = 0;
  return text.replace(/[a-z]/g, (c) => ((mask >>> (letter++ % 30)) & 1 ? c.toUpperCase() : c));
}

const alnum = word(LOWER_DIGITS, 1, 6);
/** The separators docker's path component allows between runs of [a-z0-9]. */
const separator = fc.constantFrom('.', '_', '__', '-', '--', '---');

/** One path component: [a-z0-9]+ ((\.|_|__|-+) [a-z0-9]+)*. */
export const component: fc.Arbitrary<string> = fc
  .tuple(alnum, fc.array(fc.tuple(separator, alnum), { maxLength: 3 }))
  .map(([head, rest]) => head + rest.map(([sep, run]) => sep + run).join(''));

/**
 * What may follow the fresh namespace in a namespace: nothing, or a separator and a run. No "."
 * here: the real service reads a first part holding a dot as a registry host.
 */
const namespaceTail = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('_', '__', '-', '--'), alnum).map(([sep, run]) => sep + run) },
);

/** docker's tag: [A-Za-z0-9_][A-Za-z0-9_.-]{0,127}; its case is kept. */
export const tag: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(word(`${LETTERS}${DIGITS}_`, 1, 1), word(`${LETTERS}${DIGITS}_.-`, 0, 9)).map(([head, rest]) => head + rest) },
  { weight: 1, arbitrary: fc.constantFrom('latest', 'v1', 'Q4_K_M', '1.0-beta') },
  { weight: 1, arbitrary: fc.tuple(word(LOWER_DIGITS, 1, 1), word(LOWER_DIGITS, 127, 127)).map(([head, rest]) => head + rest) },
);

/**
 * A reference of the document's form: `{ns}<tail>/<name>[:tag]`, the namespace and the name
 * sometimes with upper case (the runner lower-cases both).
 */
export const validReference: fc.Arbitrary<ValidReference> = fc
  .record({
    bare: fc.constant(false),
    tail: namespaceTail,
    name: component,
    upperNamespace: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    nameCase: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() }),
    tag: fc.option(tag, { nil: undefined }),
  })
  .map(({ bare, tail, name, upperNamespace, nameCase, tag: t }) => {
    const ns = upperNamespace ? '{NS}' : '{ns}';
    const suffix = t === undefined ? '' : `:${t}`;
    const canonicalTag = `:${t ?? 'latest'}`;
    if (bare) {
      return { text: `${ns}-${withCase(name, nameCase)}${suffix}`, canonical: `ai/{ns}-${name}${canonicalTag}`, tagged: t !== undefined };
    }
    return {
      text: `${ns}${withCase(tail, nameCase)}/${withCase(name, nameCase)}${suffix}`,
      canonical: `{ns}${tail}/${name}${canonicalTag}`,
      tagged: t !== undefined,
    };
  });

/**
 * A reference without namespace (`{ns}-<name>[:tag]`, the name carrying the fresh namespace so
 * that the case still owns it): not the document's `<namespace>/<name>`; Docker Model Runner
 * takes it as `ai/<name>` (mr.reference.format judges it by both readings).
 */
export const bareReference: fc.Arbitrary<ValidReference> = fc
  .record({
    name: component,
    nameCase: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() }),
    tag: fc.option(tag, { nil: undefined }),
  })
  .map(({ name, nameCase, tag: t }) => ({
    text: `{ns}-${withCase(name, nameCase)}${t === undefined ? '' : `:${t}`}`,
    canonical: `ai/{ns}-${name}:${t ?? 'latest'}`,
    tagged: t !== undefined,
  }));

/**
 * Characters outside the grammar. No "{" or "}" (they would read as a template) and nothing at
 * either end of the reference: the real service trims spaces first.
 */
const badCharacter = fc.constantFrom(
  ' ',
  '\t',
  '%',
  '%2F',
  '!',
  '#',
  '$',
  '&',
  '*',
  '+',
  ',',
  ';',
  '=',
  '?',
  '[',
  ']',
  '~',
  '"',
  "'",
  '^',
  '`',
  '<',
  '>',
  '\\',
  '|',
  'é',
  '\u212A',
  '\u0000',
);
const hex64 = word('0123456789abcdef', 64, 64);

const invalid =
  (why: string) =>
  (text: string): InvalidReference => ({ text, why });

/** Invalid references, each with the reason the grammar refuses it; each holds the namespace. */
export const invalidReference: fc.Arbitrary<InvalidReference> = fc.oneof(
  fc.tuple(component, component).map(([name, extra]) => invalid('three segments')(`{ns}/${name}/${extra}`)),
  // Letters and digits only: a leading part with a dot would name a registry host to the real service.
  fc.tuple(alnum, component).map(([extra, name]) => invalid('a leading extra segment')(`${extra}/{ns}/${name}`)),
  component.map((name) => invalid('an empty namespace')(`/{ns}-${name}`)),
  fc.option(tag, { nil: undefined }).map((t) => invalid('an empty name')(`{ns}/${t === undefined ? '' : `:${t}`}`)),
  component.map((name) => invalid('an empty segment after the name')(`{ns}/${name}/`)),
  component.map((name) => invalid('an empty segment between namespace and name')(`{ns}//${name}`)),
  fc.tuple(fc.constantFrom('.', '..'), component).map(([dots, name]) => invalid(`"${dots}" as the namespace`)(`${dots}/{ns}-${name}`)),
  fc
    .tuple(fc.constantFrom('.', '..'), fc.option(tag, { nil: undefined }))
    .map(([dots, t]) => invalid(`"${dots}" as the name`)(`{ns}/${dots}${t === undefined ? '' : `:${t}`}`)),
  fc
    .tuple(component, fc.option(tag, { nil: undefined }), hex64)
    .map(([name, t, hex]) => invalid('a digest')(`{ns}/${name}${t === undefined ? '' : `:${t}`}@sha256:${hex}`)),
  fc.tuple(alnum, badCharacter, alnum).map(([left, c, right]) => invalid(`${JSON.stringify(c)} in the name`)(`{ns}/${left}${c}${right}`)),
  fc.tuple(badCharacter, alnum, component).map(([c, run, name]) => invalid(`${JSON.stringify(c)} in the namespace`)(`{ns}${c}${run}/${name}`)),
  fc
    .tuple(separator, component, fc.boolean())
    .map(([sep, name, atEnd]) =>
      invalid(`the name ${atEnd ? 'ends' : 'begins'} with ${JSON.stringify(sep)}`)(atEnd ? `{ns}/${name}${sep}` : `{ns}/${sep}${name}`),
    ),
  fc
    .tuple(alnum, fc.constantFrom('..', '___', '._', '_.', '-.', '.-', '-_'), alnum)
    .map(([left, run, right]) => invalid(`${JSON.stringify(run)} is no separator`)(`{ns}/${left}${run}${right}`)),
  component.map((name) => invalid('an empty tag')(`{ns}/${name}:`)),
  fc.tuple(component, fc.constantFrom('-x', '.x', 'a b', 'a:b', 'a+b', 'ä')).map(([name, t]) => invalid(`the tag ${JSON.stringify(t)}`)(`{ns}/${name}:${t}`)),
  component.map((name) => invalid('a tag of 129 characters')(`{ns}/${name}:${'t'.repeat(129)}`)),
);
