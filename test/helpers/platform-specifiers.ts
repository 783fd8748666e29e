import fc from 'fast-check';

/**
 * Platform specifiers as the API documents them (`os[/arch[/variant]]`, containerd's form): words
 * that name an OS or an architecture, or none, in any case; an OS with options in parentheses; and
 * the characters a component may or may not hold (dots, escapes, `+`, `*`, spaces, empty parts).
 */
const word = fc.oneof(
  fc.constantFrom('linux', 'windows', 'darwin', 'macos', 'freebsd', 'ios', 'amd64', 'x86_64', 'x86-64', 'i386', 'arm', 'arm64', 'aarch64', 'armhf', 'armel'),
  fc.constantFrom('riscv64', 'loong64', 'wasm', 's390x', 'ppc64le', 'bogus'),
  fc.constantFrom('v1', 'v2', 'v5', 'v6', 'v7', 'v8', 'v8.0', 'v9', 'v9.0', '5', '7', '8', '9', '9.0'),
  fc.stringMatching(/^[A-Za-z0-9_.%+*() -]{0,6}$/),
);

const cased = word.chain((w) => fc.constantFrom(w, w.toUpperCase(), w.charAt(0).toUpperCase() + w.slice(1)));

/** `os(version+feature…)`: escapes whole or not. */
const osWithOptions = fc
  .record({
    os: fc.constantFrom('linux', 'windows', 'Linux', 'x'),
    version: fc.constantFrom('', '1.0', '10.0.17763', '%41', '%zz', '%4', 'a b'),
    features: fc.array(fc.constantFrom('win32k', 'a', '%62', '%z', ''), { maxLength: 2 }),
  })
  .map(({ os, version, features }) => `${os}(${version}${features.map((f) => `+${f}`).join('')})`);

export const platformSpecifiers: fc.Arbitrary<string> = fc.oneof(
  fc.array(cased, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/')),
  fc.tuple(osWithOptions, fc.array(cased, { maxLength: 2 })).map(([os, rest]) => [os, ...rest].join('/')),
  fc.constantFrom('linux/amd64', 'linux/arm64/v8', 'linux/arm/v7', '*', 'linux/*', 'linux//amd64', '/amd64', 'linux/'),
);
