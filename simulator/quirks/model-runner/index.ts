import type { QuirkModule } from '../quirk-module.js';
import { ARRAY_FROM_TAKEN, arrayFromTaken } from './array-from-taken.js';
import { BARE_NAME_IN_AI, bareNameInAi } from './bare-name-in-ai.js';
import { CONTENT_MISSING_ACCEPTED, contentMissingAccepted } from './content-missing-accepted.js';
import { DELETE_ABSENT_200, deleteAbsent200 } from './delete-absent-200.js';
import { FLOAT64_BASE64, float64Base64 } from './float64-base64.js';
import { NO_USAGE_CHUNK, noUsageChunk } from './no-usage-chunk.js';
import { FINISH_STOP_WHEN_CUT, finishStopWhenCut } from './finish-stop-when-cut.js';
import { UNKNOWN_MODEL_500, unknownModel500 } from './unknown-model-500.js';
import { V2_SERVED, v2Served } from './v2-served.js';
import { OPENAI_LIST_CACHED, openAiListCached } from './openai-list-cached.js';
import { SHORT_ID, shortId } from './short-id.js';
import { LATEST_DROPPED, latestDropped } from './latest-dropped.js';
import { RETRIEVE_ANY_ID, retrieveAnyId } from './retrieve-any-id.js';
import { FINISH_NULL_ON_STOP, finishNullOnStop } from './finish-null-on-stop.js';
import { LAST_PIECE_REPEATED, lastPieceRepeated } from './last-piece-repeated.js';
import { BATCH_POOLING_LEAK, batchPoolingLeak } from './batch-pooling-leak.js';
import { SHORTCUT_MODELS_PREFIX, shortcutModelsPrefix } from './shortcut-models-prefix.js';
import { SOCKET_DAEMON_ERRORS, socketDaemonErrors } from './socket-daemon-errors.js';
import { NO_REQUEST_TOKEN_TOTAL, noRequestTokenTotal } from './no-request-token-total.js';

/** The quirks of the model-runner area, by id (one module each in this directory). */
export const MODEL_RUNNER_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [BARE_NAME_IN_AI]: bareNameInAi,
  [ARRAY_FROM_TAKEN]: arrayFromTaken,
  [NO_USAGE_CHUNK]: noUsageChunk,
  [CONTENT_MISSING_ACCEPTED]: contentMissingAccepted,
  [FLOAT64_BASE64]: float64Base64,
  [FINISH_STOP_WHEN_CUT]: finishStopWhenCut,
  [V2_SERVED]: v2Served,
  [UNKNOWN_MODEL_500]: unknownModel500,
  [DELETE_ABSENT_200]: deleteAbsent200,
  [OPENAI_LIST_CACHED]: openAiListCached,
  [SHORT_ID]: shortId,
  [LATEST_DROPPED]: latestDropped,
  [RETRIEVE_ANY_ID]: retrieveAnyId,
  [FINISH_NULL_ON_STOP]: finishNullOnStop,
  [LAST_PIECE_REPEATED]: lastPieceRepeated,
  [BATCH_POOLING_LEAK]: batchPoolingLeak,
  [SHORTCUT_MODELS_PREFIX]: shortcutModelsPrefix,
  [SOCKET_DAEMON_ERRORS]: socketDaemonErrors,
  [NO_REQUEST_TOKEN_TOTAL]: noRequestTokenTotal,
};
