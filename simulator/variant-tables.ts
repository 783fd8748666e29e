import type { SimConfig } from './config/types.js';
import { resolveVariant, type VariationRow } from './faults/variant-table.js';
import { REFERENCE_AUTHZ_CHAIN, AUTHZ_CHAIN_VARIATIONS, authzChainVariant } from './authz/chain-variant.js';
import { REFERENCE_REQUEST_BODY, REQUEST_BODY_VARIATIONS, requestBodyVariant } from './authz/request-body-variant.js';
import { REFERENCE_ABSENT_OPTIONS, ABSENT_OPTIONS_VARIATIONS, absentOptionsVariant } from './config/absent-options-variant.js';
import { REFERENCE_COMMAND, COMMAND_VARIATIONS, commandVariant } from './config/command-variant.js';
import { REFERENCE_CORS_HEADER, CORS_HEADER_VARIATIONS, corsHeaderVariant } from './config/cors-header-variant.js';
import { REFERENCE_DEPRECATION_WARNINGS, DEPRECATION_WARNINGS_VARIATIONS, deprecationWarningsVariant } from './config/deprecation-warnings-variant.js';
import { REFERENCE_DIRECTIVES, DIRECTIVES_VARIATIONS, directivesVariant } from './config/file/directives-variant.js';
import { REFERENCE_FLAG_VALUES, FLAG_VALUES_VARIATIONS, flagValuesVariant } from './config/file/flag-values-variant.js';
import { REFERENCE_LABELS, LABELS_VARIATIONS, labelsVariant } from './config/file/labels-variant.js';
import { REFERENCE_LOAD, LOAD_VARIATIONS, loadVariant } from './config/file/load-variant.js';
import { REFERENCE_MERGE, MERGE_VARIATIONS, mergeVariant } from './config/file/merge-variant.js';
import { REFERENCE_READ_DOCUMENT, READ_DOCUMENT_VARIATIONS, readDocumentVariant } from './config/file/read-document-variant.js';
import { REFERENCE_START_CHECKS, START_CHECKS_VARIATIONS, startChecksVariant } from './config/file/start-checks-variant.js';
import { REFERENCE_VALIDATE, VALIDATE_VARIATIONS, validateVariant } from './config/file/validate-variant.js';
import { REFERENCE_ARGV, ARGV_VARIATIONS, argvVariant } from './config/flags/argv-variant.js';
import { REFERENCE_MIN_API, MIN_API_VARIATIONS, minApiVariant } from './config/min-api-variant.js';
import { REFERENCE_START, START_VARIATIONS, startVariant } from './daemon/start-variant.js';
import { REFERENCE_ARCHIVE, ARCHIVE_VARIATIONS, archiveVariant } from './engine/containers/archive-variant.js';
import { REFERENCE_NETWORK_SETTINGS, NETWORK_SETTINGS_VARIATIONS, networkSettingsVariant } from './engine/containers/network-settings-variant.js';
import { REFERENCE_START_BODY, START_BODY_VARIATIONS, startBodyVariant } from './engine/containers/start-body-variant.js';
import { REFERENCE_HOST_CONFIG, HOST_CONFIG_VARIATIONS, hostConfigVariant } from './engine/containers/host-config-variant.js';
import { REFERENCE_EVENTS, EVENTS_VARIATIONS, eventsVariant } from './engine/events/events-variant.js';
import { REFERENCE_IMAGE_LIST, IMAGE_LIST_VARIATIONS, imageListVariant } from './engine/images/list-variant.js';
import { REFERENCE_IMAGE_INSPECT, IMAGE_INSPECT_VARIATIONS, imageInspectVariant } from './engine/images/shape-variant.js';
import { REFERENCE_JSON_REQUEST, JSON_REQUEST_VARIATIONS, jsonRequestVariant } from './engine/json-request-variant.js';
import { REFERENCE_INFO_ROUTE, INFO_ROUTE_VARIATIONS, infoRouteVariant } from './engine/system/info/route-variant.js';
import { REFERENCE_PING, PING_VARIATIONS, pingVariant } from './engine/system/ping-variant.js';
import { REFERENCE_RESPONSE_KIT, RESPONSE_KIT_VARIATIONS, responseKitVariant } from './engine/system/response-kit-variant.js';
import { REFERENCE_AUTHORIZATION, AUTHORIZATION_VARIATIONS, authorizationVariant } from './http/middleware/authorization-variant.js';
import { REFERENCE_ROUTE_MATCH, ROUTE_MATCH_VARIATIONS, routeMatchVariant } from './http/middleware/route-match-variant.js';
import { REFERENCE_GATE, GATE_VARIATIONS, versionGateVariant } from './http/middleware/version-gate-variant.js';
import { REFERENCE_CONNECTION, CONNECTION_VARIATIONS, connectionVariant } from './http/connection-variant.js';
import { REFERENCE_CORS, CORS_VARIATIONS, corsVariant } from './http/middleware/cors-variant.js';
import { REFERENCE_REQUEST_PATH, REQUEST_PATH_VARIATIONS, requestPathVariant } from './http/middleware/request-path-variant.js';
import { REFERENCE_ADDRESS, ADDRESS_VARIATIONS, addressVariant } from './listeners/address-variant.js';
import { REFERENCE_SOCKET_GROUP, SOCKET_GROUP_VARIATIONS, socketGroupVariant } from './listeners/socket-group-variant.js';
import { REFERENCE_TCP_POLICY, TCP_POLICY_VARIATIONS, tcpPolicyVariant } from './listeners/tcp-policy-variant.js';
import { REFERENCE_TLS_LOAD, TLS_LOAD_VARIATIONS, tlsLoadVariant } from './listeners/tls-load-variant.js';
import { REFERENCE_TLS_PLAN, TLS_PLAN_VARIATIONS, tlsPlanVariant } from './listeners/tls-plan-variant.js';
import { REFERENCE_METRICS_SERVER, METRICS_SERVER_VARIATIONS, metricsServerVariant } from './metrics/server-variant.js';
import { REFERENCE_HANDLER, HANDLER_VARIATIONS } from './model-runner/handler-variant.js';
import { REFERENCE_WORK, WORK_VARIATIONS, workVariant } from './model-runner/limits-variant.js';
import { REFERENCE_LISTENER, LISTENER_VARIATIONS, listenerVariant } from './model-runner/listener-variant.js';
import { REFERENCE_MOUNT, MOUNT_VARIATIONS, mountVariant } from './model-runner/mount-variant.js';
import { REFERENCE_CHAT, CHAT_VARIATIONS } from './model-runner/routes/chat-variant.js';
import { REFERENCE_COMPLETIONS, COMPLETIONS_VARIATIONS, completionsVariant } from './model-runner/routes/completions-variant.js';
import { REFERENCE_EMBEDDINGS, EMBEDDINGS_VARIATIONS, embeddingsVariant } from './model-runner/routes/embeddings-variant.js';
import { REFERENCE_GENERATION, GENERATION_VARIATIONS, generationVariant } from './model-runner/routes/generation-params-variant.js';
import { REFERENCE_INFERENCE, INFERENCE_VARIATIONS, inferenceVariant } from './model-runner/routes/inference-variant.js';
import { REFERENCE_MODELS, MODELS_VARIATIONS } from './model-runner/routes/models-variant.js';
import { REFERENCE_OPENAI_MODELS, OPENAI_MODELS_VARIATIONS } from './model-runner/routes/openai-models-variant.js';
import { REFERENCE_RUNNER, RUNNER_VARIATIONS } from './model-runner/runner-variant.js';
import { REFERENCE_RELOAD, RELOAD_VARIATIONS, reloadVariant } from './reload/reload-variant.js';
import { REFERENCE_RELOAD_SETTINGS, RELOAD_SETTINGS_VARIATIONS, reloadSettingsVariant } from './reload/settings-variant.js';

/** The faults and quirks a daemon started with. */
export type TableSwitches = Pick<SimConfig, 'faults' | 'quirks'>;

/**
 * One hook point's table of variations: its name, the file that holds it (beside the code that
 * reads it), the document's behaviour, the rows of the faults and quirks that change it, and the
 * resolver the simulator uses.
 */
export interface VariantTable {
  readonly name: string;
  readonly where: string;
  readonly reference: Readonly<Record<string, unknown>>;
  readonly rows: readonly VariationRow<Record<string, unknown>>[];
  readonly resolve: (switches: TableSwitches) => Readonly<Record<string, unknown>>;
}

function table<V extends object>(
  name: string,
  where: string,
  reference: V,
  rows: readonly VariationRow<V>[],
  resolve: (switches: TableSwitches) => V = (switches) => resolveVariant(reference, rows, switches),
): VariantTable {
  return { name, where, reference, rows, resolve } as unknown as VariantTable;
}

/**
 * Every hook point's table: what a fault or a quirk may change in the simulator, and nothing else
 * does. A quirk's declaration is its entry in specs/quirks and its rows here; where it lives is
 * the files of the tables that hold its rows (simulator/quirks/registry.ts).
 */
export const VARIANT_TABLES: readonly VariantTable[] = [
  table('request body', 'simulator/authz/request-body-variant.ts', REFERENCE_REQUEST_BODY, REQUEST_BODY_VARIATIONS, requestBodyVariant),
  table('command', 'simulator/config/command-variant.ts', REFERENCE_COMMAND, COMMAND_VARIATIONS, commandVariant),
  table('CORS header option', 'simulator/config/cors-header-variant.ts', REFERENCE_CORS_HEADER, CORS_HEADER_VARIATIONS, corsHeaderVariant),
  table('directives', 'simulator/config/file/directives-variant.ts', REFERENCE_DIRECTIVES, DIRECTIVES_VARIATIONS, directivesVariant),
  table('flag values', 'simulator/config/file/flag-values-variant.ts', REFERENCE_FLAG_VALUES, FLAG_VALUES_VARIATIONS, flagValuesVariant),
  table('configuration file checks', 'simulator/config/file/load-variant.ts', REFERENCE_LOAD, LOAD_VARIATIONS, loadVariant),
  table('settings merge', 'simulator/config/file/merge-variant.ts', REFERENCE_MERGE, MERGE_VARIATIONS, mergeVariant),
  table('configuration file reading', 'simulator/config/file/read-document-variant.ts', REFERENCE_READ_DOCUMENT, READ_DOCUMENT_VARIATIONS, readDocumentVariant),
  table('start checks', 'simulator/config/file/start-checks-variant.ts', REFERENCE_START_CHECKS, START_CHECKS_VARIATIONS, startChecksVariant),
  table('merged configuration checks', 'simulator/config/file/validate-variant.ts', REFERENCE_VALIDATE, VALIDATE_VARIATIONS, validateVariant),
  table('command line', 'simulator/config/flags/argv-variant.ts', REFERENCE_ARGV, ARGV_VARIATIONS, argvVariant),
  table('minimum API override', 'simulator/config/min-api-variant.ts', REFERENCE_MIN_API, MIN_API_VARIATIONS, minApiVariant),
  table('start', 'simulator/daemon/start-variant.ts', REFERENCE_START, START_VARIATIONS, startVariant),
  table('container archive and copy', 'simulator/engine/containers/archive-variant.ts', REFERENCE_ARCHIVE, ARCHIVE_VARIATIONS, archiveVariant),
  table(
    'container network settings',
    'simulator/engine/containers/network-settings-variant.ts',
    REFERENCE_NETWORK_SETTINGS,
    NETWORK_SETTINGS_VARIATIONS,
    networkSettingsVariant,
  ),
  table('container start body', 'simulator/engine/containers/start-body-variant.ts', REFERENCE_START_BODY, START_BODY_VARIATIONS, startBodyVariant),
  table('images list', 'simulator/engine/images/list-variant.ts', REFERENCE_IMAGE_LIST, IMAGE_LIST_VARIATIONS, imageListVariant),
  table('image inspect', 'simulator/engine/images/shape-variant.ts', REFERENCE_IMAGE_INSPECT, IMAGE_INSPECT_VARIATIONS, imageInspectVariant),
  table('JSON body Content-Type', 'simulator/engine/json-request-variant.ts', REFERENCE_JSON_REQUEST, JSON_REQUEST_VARIATIONS, jsonRequestVariant),
  table('HEAD /_ping', 'simulator/engine/system/ping-variant.ts', REFERENCE_PING, PING_VARIATIONS, pingVariant),
  table('headers and /version', 'simulator/engine/system/response-kit-variant.ts', REFERENCE_RESPONSE_KIT, RESPONSE_KIT_VARIATIONS, responseKitVariant),
  table('authorization', 'simulator/http/middleware/authorization-variant.ts', REFERENCE_AUTHORIZATION, AUTHORIZATION_VARIATIONS, authorizationVariant),
  table('route match', 'simulator/http/middleware/route-match-variant.ts', REFERENCE_ROUTE_MATCH, ROUTE_MATCH_VARIATIONS, routeMatchVariant),
  table('version gate', 'simulator/http/middleware/version-gate-variant.ts', REFERENCE_GATE, GATE_VARIATIONS, versionGateVariant),
  table('listen addresses', 'simulator/listeners/address-variant.ts', REFERENCE_ADDRESS, ADDRESS_VARIATIONS, addressVariant),
  table('socket group', 'simulator/listeners/socket-group-variant.ts', REFERENCE_SOCKET_GROUP, SOCKET_GROUP_VARIATIONS, socketGroupVariant),
  table('TCP policy', 'simulator/listeners/tcp-policy-variant.ts', REFERENCE_TCP_POLICY, TCP_POLICY_VARIATIONS, tcpPolicyVariant),
  table('TLS listener options', 'simulator/listeners/tls-load-variant.ts', REFERENCE_TLS_LOAD, TLS_LOAD_VARIATIONS, tlsLoadVariant),
  table('TLS options', 'simulator/listeners/tls-plan-variant.ts', REFERENCE_TLS_PLAN, TLS_PLAN_VARIATIONS, tlsPlanVariant),
  table('model runner handler', 'simulator/model-runner/handler-variant.ts', REFERENCE_HANDLER, HANDLER_VARIATIONS),
  table('model runner work bounds', 'simulator/model-runner/limits-variant.ts', REFERENCE_WORK, WORK_VARIATIONS, workVariant),
  table('model runner TCP listener', 'simulator/model-runner/listener-variant.ts', REFERENCE_LISTENER, LISTENER_VARIATIONS, listenerVariant),
  table('model runner mount', 'simulator/model-runner/mount-variant.ts', REFERENCE_MOUNT, MOUNT_VARIATIONS, mountVariant),
  table('model runner chat', 'simulator/model-runner/routes/chat-variant.ts', REFERENCE_CHAT, CHAT_VARIATIONS),
  table('model runner completions', 'simulator/model-runner/routes/completions-variant.ts', REFERENCE_COMPLETIONS, COMPLETIONS_VARIATIONS, completionsVariant),
  table('model runner embeddings', 'simulator/model-runner/routes/embeddings-variant.ts', REFERENCE_EMBEDDINGS, EMBEDDINGS_VARIATIONS, embeddingsVariant),
  table(
    'model runner generation',
    'simulator/model-runner/routes/generation-params-variant.ts',
    REFERENCE_GENERATION,
    GENERATION_VARIATIONS,
    generationVariant,
  ),
  table('model runner inference checks', 'simulator/model-runner/routes/inference-variant.ts', REFERENCE_INFERENCE, INFERENCE_VARIATIONS, inferenceVariant),
  table('model runner models', 'simulator/model-runner/routes/models-variant.ts', REFERENCE_MODELS, MODELS_VARIATIONS),
  table('model runner OpenAI models', 'simulator/model-runner/routes/openai-models-variant.ts', REFERENCE_OPENAI_MODELS, OPENAI_MODELS_VARIATIONS),
  table('model runner store', 'simulator/model-runner/runner-variant.ts', REFERENCE_RUNNER, RUNNER_VARIATIONS),
  table('reload', 'simulator/reload/reload-variant.ts', REFERENCE_RELOAD, RELOAD_VARIATIONS, reloadVariant),
  table('absent options', 'simulator/config/absent-options-variant.ts', REFERENCE_ABSENT_OPTIONS, ABSENT_OPTIONS_VARIATIONS, absentOptionsVariant),
  table(
    'deprecation warnings at start',
    'simulator/config/deprecation-warnings-variant.ts',
    REFERENCE_DEPRECATION_WARNINGS,
    DEPRECATION_WARNINGS_VARIATIONS,
    deprecationWarningsVariant,
  ),
  table('daemon labels', 'simulator/config/file/labels-variant.ts', REFERENCE_LABELS, LABELS_VARIATIONS, labelsVariant),
  table('GET /info', 'simulator/engine/system/info/route-variant.ts', REFERENCE_INFO_ROUTE, INFO_ROUTE_VARIATIONS, infoRouteVariant),
  table('request path', 'simulator/http/middleware/request-path-variant.ts', REFERENCE_REQUEST_PATH, REQUEST_PATH_VARIATIONS, requestPathVariant),
  table('connection checks', 'simulator/http/connection-variant.ts', REFERENCE_CONNECTION, CONNECTION_VARIATIONS, connectionVariant),
  table('CORS headers', 'simulator/http/middleware/cors-variant.ts', REFERENCE_CORS, CORS_VARIATIONS, corsVariant),
  table('authorization chain', 'simulator/authz/chain-variant.ts', REFERENCE_AUTHZ_CHAIN, AUTHZ_CHAIN_VARIATIONS, authzChainVariant),
  table('metrics server', 'simulator/metrics/server-variant.ts', REFERENCE_METRICS_SERVER, METRICS_SERVER_VARIATIONS, metricsServerVariant),
  table('container host configuration', 'simulator/engine/containers/host-config-variant.ts', REFERENCE_HOST_CONFIG, HOST_CONFIG_VARIATIONS, hostConfigVariant),
  table('events', 'simulator/engine/events/events-variant.ts', REFERENCE_EVENTS, EVENTS_VARIATIONS, eventsVariant),
  table('reload settings', 'simulator/reload/settings-variant.ts', REFERENCE_RELOAD_SETTINGS, RELOAD_SETTINGS_VARIATIONS, reloadSettingsVariant),
];
