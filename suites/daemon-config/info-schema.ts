import { Type, type TSchema } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import { isOlder } from '../../common/dotted-version.js';
import { DOCUMENTED_CDI_SPEC_DIRS_FROM, DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM } from '../../specs/info-fields.js';

/**
 * JSON Schemas of GET /info: the fields the document names and clients read (docker info,
 * dockerode), per API version. Fields beyond those are allowed: the document does not show them.
 */

const Strings = Type.Array(Type.String());
const NullableStrings = Type.Union([Type.Null(), Strings]);

const IndexInfo = Type.Object({
  Name: Type.String(),
  Mirrors: NullableStrings,
  Secure: Type.Boolean(),
  Official: Type.Boolean(),
});

/** What the deprecated RegistryConfig fields may hold where they are shown. */
export type NondistributableExpectation = 'null' | 'null-or-list';

/** How RegistryConfig must look at one API version. */
export interface RegistryConfigShape {
  /** Absent from this API version on (Versioning 4), else present with `values`. */
  readonly nondistributable: 'absent' | NondistributableExpectation;
}

function registryConfigSchema(shape: RegistryConfigShape): TSchema {
  const deprecated = shape.nondistributable === 'null' ? Type.Null() : NullableStrings;
  const common = {
    InsecureRegistryCIDRs: Strings,
    IndexConfigs: Type.Record(Type.String(), IndexInfo),
    Mirrors: NullableStrings,
  };
  if (shape.nondistributable === 'absent') {
    return Type.Object(common, {
      not: { anyOf: [{ required: ['AllowNondistributableArtifactsCIDRs'] }, { required: ['AllowNondistributableArtifactsHostnames'] }] },
    });
  }
  return Type.Object({ ...common, AllowNondistributableArtifactsCIDRs: deprecated, AllowNondistributableArtifactsHostnames: deprecated });
}

const GenericResource = Type.Union([
  Type.Object({ DiscreteResourceSpec: Type.Object({ Kind: Type.String(), Value: Type.Integer() }) }),
  Type.Object({ NamedResourceSpec: Type.Object({ Kind: Type.String(), Value: Type.String() }) }),
]);

/** A runtime: drop-in (path, arguments) or shim (type, options); every member optional. */
const Runtime = Type.Object({
  path: Type.Optional(Type.String()),
  runtimeArgs: Type.Optional(Type.Union([Type.Null(), Strings])),
  runtimeType: Type.Optional(Type.String()),
  options: Type.Optional(Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())])),
});

/** The schema of /info at `api`; `nondistributable` is what the release's deprecated fields may hold. */
export function infoSchema(api: string, nondistributable: NondistributableExpectation): TSchema {
  const registry: RegistryConfigShape = { nondistributable: isOlder(api, DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM) ? nondistributable : 'absent' };
  const cdi = isOlder(api, DOCUMENTED_CDI_SPEC_DIRS_FROM) ? Type.Optional(Strings) : Strings;
  return Type.Object({
    ID: Type.String(),
    Name: Type.String(),
    ServerVersion: Type.String(),
    OperatingSystem: Type.String(),
    Driver: Type.String(),
    DockerRootDir: Type.String(),
    Debug: Type.Boolean(),
    ExperimentalBuild: Type.Boolean(),
    LiveRestoreEnabled: Type.Boolean(),
    Labels: Strings,
    LoggingDriver: Type.String(),
    CgroupDriver: Type.String(),
    DefaultRuntime: Type.String(),
    Runtimes: Type.Record(Type.String(), Runtime),
    RegistryConfig: registryConfigSchema(registry),
    HttpProxy: Type.String(),
    HttpsProxy: Type.String(),
    NoProxy: Type.String(),
    GenericResources: Type.Union([Type.Null(), Type.Array(GenericResource)]),
    CDISpecDirs: cdi,
  });
}

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction>();

/** A validator of /info at `api`, compiled once per schema (the API version only moves two fields). */
export function infoValidator(api: string, nondistributable: NondistributableExpectation): ValidateFunction {
  const key = `${isOlder(api, DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM) ? nondistributable : 'absent'} ${isOlder(api, DOCUMENTED_CDI_SPEC_DIRS_FROM)}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(infoSchema(api, nondistributable));
    compiled.set(key, validate);
  }
  return validate;
}
