import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { FaultSet } from '../simulator/faults/fault-set.js';
import { AUTHORIZATION_VARIATIONS, authorizationVariant, REFERENCE_AUTHORIZATION } from '../simulator/http/middleware/authorization-variant.js';
import { REFERENCE_ROUTE_MATCH, ROUTE_MATCH_VARIATIONS, routeMatchVariant } from '../simulator/http/middleware/route-match-variant.js';
import { REFERENCE_START, START_VARIATIONS, startVariant } from '../simulator/daemon/start-variant.js';
import { MERGE_VARIATIONS, mergeVariant, REFERENCE_MERGE } from '../simulator/config/file/merge-variant.js';
import { REFERENCE_RELOAD, RELOAD_VARIATIONS, reloadVariant } from '../simulator/reload/reload-variant.js';
import { ARGV_VARIATIONS, argvVariant, REFERENCE_ARGV } from '../simulator/config/flags/argv-variant.js';
import { LOAD_VARIATIONS, loadVariant, REFERENCE_LOAD } from '../simulator/config/file/load-variant.js';
import { FLAG_VALUES_VARIATIONS, flagValuesVariant, REFERENCE_FLAG_VALUES } from '../simulator/config/file/flag-values-variant.js';
import { DIRECTIVES_VARIATIONS, directivesVariant, REFERENCE_DIRECTIVES } from '../simulator/config/file/directives-variant.js';
import { REFERENCE_REQUEST_BODY, REQUEST_BODY_VARIATIONS, requestBodyVariant } from '../simulator/authz/request-body-variant.js';
import { GATE_VARIATIONS, REFERENCE_GATE, versionGateVariant } from '../simulator/http/middleware/version-gate-variant.js';
import { MOUNT_VARIATIONS, mountVariant, REFERENCE_MOUNT } from '../simulator/model-runner/mount-variant.js';
import { LISTENER_VARIATIONS, listenerVariant, REFERENCE_LISTENER } from '../simulator/model-runner/listener-variant.js';
import { REFERENCE_WORK, WORK_VARIATIONS, workVariant } from '../simulator/model-runner/limits-variant.js';
import { INFERENCE_VARIATIONS, inferenceVariant, REFERENCE_INFERENCE } from '../simulator/model-runner/routes/inference-variant.js';
import { EMBEDDINGS_VARIATIONS, embeddingsVariant, REFERENCE_EMBEDDINGS } from '../simulator/model-runner/routes/embeddings-variant.js';
import { COMPLETIONS_VARIATIONS, completionsVariant, REFERENCE_COMPLETIONS } from '../simulator/model-runner/routes/completions-variant.js';
import { GENERATION_VARIATIONS, generationVariant, REFERENCE_GENERATION } from '../simulator/model-runner/routes/generation-params-variant.js';
import { REFERENCE_TLS_PLAN, TLS_PLAN_VARIATIONS, tlsPlanVariant } from '../simulator/listeners/tls-plan-variant.js';
import { REFERENCE_TLS_LOAD, TLS_LOAD_VARIATIONS, tlsLoadVariant } from '../simulator/listeners/tls-load-variant.js';
import { REFERENCE_TCP_POLICY, TCP_POLICY_VARIATIONS, tcpPolicyVariant } from '../simulator/listeners/tcp-policy-variant.js';
import { ADDRESS_VARIATIONS, addressVariant, REFERENCE_ADDRESS } from '../simulator/listeners/address-variant.js';
import { REFERENCE_SOCKET_GROUP, SOCKET_GROUP_VARIATIONS, socketGroupVariant } from '../simulator/listeners/socket-group-variant.js';
import { MIN_API_VARIATIONS, minApiVariant, REFERENCE_MIN_API } from '../simulator/config/min-api-variant.js';
import { READ_DOCUMENT_VARIATIONS, readDocumentVariant, REFERENCE_READ_DOCUMENT } from '../simulator/config/file/read-document-variant.js';
import { REFERENCE_START_CHECKS, START_CHECKS_VARIATIONS, startChecksVariant } from '../simulator/config/file/start-checks-variant.js';
import { REFERENCE_VALIDATE, VALIDATE_VARIATIONS, validateVariant } from '../simulator/config/file/validate-variant.js';
import { CORS_HEADER_VARIATIONS, corsHeaderVariant, REFERENCE_CORS_HEADER } from '../simulator/config/cors-header-variant.js';
import { COMMAND_VARIATIONS, commandVariant, REFERENCE_COMMAND } from '../simulator/config/command-variant.js';
import { REFERENCE_RESPONSE_KIT, RESPONSE_KIT_VARIATIONS, responseKitVariant } from '../simulator/engine/system/response-kit-variant.js';
import { PING_VARIATIONS, pingVariant, REFERENCE_PING } from '../simulator/engine/system/ping-variant.js';
import { IMAGE_INSPECT_VARIATIONS, imageInspectVariant, REFERENCE_IMAGE_INSPECT } from '../simulator/engine/images/shape-variant.js';
import { IMAGE_LIST_VARIATIONS, imageListVariant, REFERENCE_IMAGE_LIST } from '../simulator/engine/images/list-variant.js';
import { REFERENCE_START_BODY, START_BODY_VARIATIONS, startBodyVariant } from '../simulator/engine/containers/start-body-variant.js';
import { NETWORK_SETTINGS_VARIATIONS, networkSettingsVariant, REFERENCE_NETWORK_SETTINGS } from '../simulator/engine/containers/network-settings-variant.js';
import { ARCHIVE_VARIATIONS, archiveVariant, REFERENCE_ARCHIVE } from '../simulator/engine/containers/archive-variant.js';
import { JSON_REQUEST_VARIATIONS, jsonRequestVariant, REFERENCE_JSON_REQUEST } from '../simulator/engine/json-request-variant.js';
import type { VariationRow } from '../simulator/faults/variant-table.js';
import { quirkModules } from '../simulator/quirks/registry.js';
import { RULES } from '../specs/index.js';

/**
 * The variant tables of the simulator's hook points (issue 39): each is the reference unless a
 * fault or quirk the daemon started with sets a field; every row names a fault of the catalogue or
 * a quirk the simulator carries; and a field is resolved at its first read, so that --fault-trace
 * notes only the faults of the fields a request's path read (the fault self-test selects its runs
 * by those notes).
 */
/** Every hook point's table (simulator/http/variants.ts; the daemon's start: simulator/daemon/start-variant.ts; the settings merge: simulator/config/file/merge-variant.ts; a reload: simulator/reload/reload-variant.ts; the body shown to the authorization plugins: simulator/authz/request-body-variant.ts; the command line's parsing: simulator/config/flags/argv-variant.ts; the start's checks of the configuration file: simulator/config/file/load-variant.ts; the checks of the flags' values: simulator/config/file/flag-values-variant.ts; the file's directives: simulator/config/file/directives-variant.ts; and every other `*-variant.ts` listed below, each beside the code that reads it). */
type AnyVariant = Record<string, unknown>;
interface Table {
  readonly name: string;
  readonly reference: AnyVariant;
  readonly rows: readonly VariationRow<AnyVariant>[];
  readonly resolve: (config: { faults: ReadonlySet<never>; quirks: ReadonlySet<string> }) => AnyVariant;
}
const TABLES: readonly Table[] = [
  {
    name: 'version gate',
    reference: REFERENCE_GATE as unknown as AnyVariant,
    rows: GATE_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: versionGateVariant as never,
  },
  {
    name: 'route match',
    reference: REFERENCE_ROUTE_MATCH as unknown as AnyVariant,
    rows: ROUTE_MATCH_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: routeMatchVariant as never,
  },
  {
    name: 'authorization',
    reference: REFERENCE_AUTHORIZATION as unknown as AnyVariant,
    rows: AUTHORIZATION_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: authorizationVariant as never,
  },
  {
    name: 'start',
    reference: REFERENCE_START as unknown as AnyVariant,
    rows: START_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: startVariant as never,
  },
  {
    name: 'settings merge',
    reference: REFERENCE_MERGE as unknown as AnyVariant,
    rows: MERGE_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: mergeVariant as never,
  },
  {
    name: 'reload',
    reference: REFERENCE_RELOAD as unknown as AnyVariant,
    rows: RELOAD_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: reloadVariant as never,
  },
  {
    name: 'request body',
    reference: REFERENCE_REQUEST_BODY as unknown as AnyVariant,
    rows: REQUEST_BODY_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: requestBodyVariant as never,
  },
  {
    name: 'command line',
    reference: REFERENCE_ARGV as unknown as AnyVariant,
    rows: ARGV_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: argvVariant as never,
  },
  {
    name: 'configuration file checks',
    reference: REFERENCE_LOAD as unknown as AnyVariant,
    rows: LOAD_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: loadVariant as never,
  },
  {
    name: 'flag values',
    reference: REFERENCE_FLAG_VALUES as unknown as AnyVariant,
    rows: FLAG_VALUES_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: flagValuesVariant as never,
  },
  {
    name: 'directives',
    reference: REFERENCE_DIRECTIVES as unknown as AnyVariant,
    rows: DIRECTIVES_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: directivesVariant as never,
  },
  {
    name: 'model runner mount',
    reference: REFERENCE_MOUNT as unknown as AnyVariant,
    rows: MOUNT_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: mountVariant as never,
  },
  {
    name: 'model runner TCP listener',
    reference: REFERENCE_LISTENER as unknown as AnyVariant,
    rows: LISTENER_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: listenerVariant as never,
  },
  {
    name: 'model runner work bounds',
    reference: REFERENCE_WORK as unknown as AnyVariant,
    rows: WORK_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: workVariant as never,
  },
  {
    name: 'model runner inference checks',
    reference: REFERENCE_INFERENCE as unknown as AnyVariant,
    rows: INFERENCE_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: inferenceVariant as never,
  },
  {
    name: 'model runner embeddings',
    reference: REFERENCE_EMBEDDINGS as unknown as AnyVariant,
    rows: EMBEDDINGS_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: embeddingsVariant as never,
  },
  {
    name: 'model runner completions',
    reference: REFERENCE_COMPLETIONS as unknown as AnyVariant,
    rows: COMPLETIONS_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: completionsVariant as never,
  },
  {
    name: 'model runner generation',
    reference: REFERENCE_GENERATION as unknown as AnyVariant,
    rows: GENERATION_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: generationVariant as never,
  },
  {
    name: 'TLS options',
    reference: REFERENCE_TLS_PLAN as unknown as AnyVariant,
    rows: TLS_PLAN_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: tlsPlanVariant as never,
  },
  {
    name: 'TLS listener options',
    reference: REFERENCE_TLS_LOAD as unknown as AnyVariant,
    rows: TLS_LOAD_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: tlsLoadVariant as never,
  },
  {
    name: 'TCP policy',
    reference: REFERENCE_TCP_POLICY as unknown as AnyVariant,
    rows: TCP_POLICY_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: tcpPolicyVariant as never,
  },
  {
    name: 'listen addresses',
    reference: REFERENCE_ADDRESS as unknown as AnyVariant,
    rows: ADDRESS_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: addressVariant as never,
  },
  {
    name: 'socket group',
    reference: REFERENCE_SOCKET_GROUP as unknown as AnyVariant,
    rows: SOCKET_GROUP_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: socketGroupVariant as never,
  },
  {
    name: 'minimum API override',
    reference: REFERENCE_MIN_API as unknown as AnyVariant,
    rows: MIN_API_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: minApiVariant as never,
  },
  {
    name: 'configuration file reading',
    reference: REFERENCE_READ_DOCUMENT as unknown as AnyVariant,
    rows: READ_DOCUMENT_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: readDocumentVariant as never,
  },
  {
    name: 'start checks',
    reference: REFERENCE_START_CHECKS as unknown as AnyVariant,
    rows: START_CHECKS_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: startChecksVariant as never,
  },
  {
    name: 'merged configuration checks',
    reference: REFERENCE_VALIDATE as unknown as AnyVariant,
    rows: VALIDATE_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: validateVariant as never,
  },
  {
    name: 'CORS header option',
    reference: REFERENCE_CORS_HEADER as unknown as AnyVariant,
    rows: CORS_HEADER_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: corsHeaderVariant as never,
  },
  {
    name: 'command',
    reference: REFERENCE_COMMAND as unknown as AnyVariant,
    rows: COMMAND_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: commandVariant as never,
  },
  {
    name: 'headers and /version',
    reference: REFERENCE_RESPONSE_KIT as unknown as AnyVariant,
    rows: RESPONSE_KIT_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: responseKitVariant as never,
  },
  {
    name: 'HEAD /_ping',
    reference: REFERENCE_PING as unknown as AnyVariant,
    rows: PING_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: pingVariant as never,
  },
  {
    name: 'image inspect',
    reference: REFERENCE_IMAGE_INSPECT as unknown as AnyVariant,
    rows: IMAGE_INSPECT_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: imageInspectVariant as never,
  },
  {
    name: 'images list',
    reference: REFERENCE_IMAGE_LIST as unknown as AnyVariant,
    rows: IMAGE_LIST_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: imageListVariant as never,
  },
  {
    name: 'container start body',
    reference: REFERENCE_START_BODY as unknown as AnyVariant,
    rows: START_BODY_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: startBodyVariant as never,
  },
  {
    name: 'container network settings',
    reference: REFERENCE_NETWORK_SETTINGS as unknown as AnyVariant,
    rows: NETWORK_SETTINGS_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: networkSettingsVariant as never,
  },
  {
    name: 'container archive and copy',
    reference: REFERENCE_ARCHIVE as unknown as AnyVariant,
    rows: ARCHIVE_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: archiveVariant as never,
  },
  {
    name: 'JSON body Content-Type',
    reference: REFERENCE_JSON_REQUEST as unknown as AnyVariant,
    rows: JSON_REQUEST_VARIATIONS as unknown as readonly VariationRow<AnyVariant>[],
    resolve: jsonRequestVariant as never,
  },
];
const ruleIds = new Set(RULES.map((rule) => rule.id));
const quirkIds = new Set(Object.keys(quirkModules()));

for (const { name, reference, rows, resolve } of TABLES) {
  const FIELDS = Object.keys(reference);
  const rowIds = rows.map(([id]) => id);
  const variantOf = (on: readonly string[], traceFile?: string): AnyVariant =>
    resolve({ faults: new FaultSet(on.filter((id) => ruleIds.has(id)) as never[], traceFile), quirks: new Set(on.filter((id) => quirkIds.has(id))) });

  t.test(`${name}: every row is a fault of the catalogue or a quirk the simulator carries, once, and sets a field`, async (t) => {
    for (const [id, set] of rows) {
      t.ok(ruleIds.has(id) || quirkIds.has(id), `${id}: a rule's fault or a quirk`);
      t.ok(Object.keys(set).length > 0 && Object.keys(set).every((field) => FIELDS.includes(field)), `${id}: sets fields of the ${name}`);
    }
    t.equal(new Set(rowIds).size, rowIds.length, 'no row twice');
  });

  t.test(`${name}: with nothing on, every field is the reference; with rows on, each field is the last row that sets it`, async (t) => {
    const none = variantOf([]);
    for (const field of FIELDS) t.equal(none[field], reference[field], field);
    fc.assert(
      fc.property(fc.subarray(rowIds), (on) => {
        const variant = variantOf(on);
        return FIELDS.every((field) => {
          const last = rows.filter(([id, set]) => on.includes(id) && field in set).pop();
          return variant[field] === (last === undefined ? reference[field] : last[1][field]);
        });
      }),
      { numRuns: 200 },
    );
    t.ok(Object.isFrozen(none), 'frozen');
  });

  t.test(`${name}: --fault-trace notes a fault only once a field it sets is read`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'ctc-variant-trace-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    let n = 0;
    fc.assert(
      fc.property(fc.subarray(FIELDS), (read) => {
        const trace = join(dir, `t${n++}`);
        const variant = variantOf([], trace);
        for (const field of read) void variant[field];
        const noted = existsSync(trace)
          ? readFileSync(trace, 'utf8')
              .split('\n')
              .filter((line) => line !== '')
          : [];
        const expected = new Set(rows.filter(([id, set]) => ruleIds.has(id) && read.some((field) => field in set)).map(([id]) => id));
        return noted.length === expected.size && noted.every((id) => expected.has(id));
      }),
      { numRuns: 100 },
    );
  });
}
