import { NO_DONE_WHEN_CUT, noDoneWhenCut } from './no-done-when-cut.js';
import { PER_TOKEN_STOP, perTokenStop } from './per-token-stop.js';
import { FIRST_STOP_ONLY, firstStopOnly } from './first-stop-only.js';
import { TASK_INDEX, taskIndex } from './task-index.js';
import { LAST_MESSAGE_ONLY, lastMessageOnly } from './last-message-only.js';
import { DECIMAL_MB, decimalMb } from './decimal-mb.js';
import { DELETE_IN_MEMORY, deleteInMemory } from './delete-in-memory.js';
import { LAZY_UNLINK, lazyUnlink } from './lazy-unlink.js';
import { STALE_INDEX_COPY, staleIndexCopy } from './stale-index-copy.js';
import { LONE_SURROGATE_500, loneSurrogate500 } from './lone-surrogate-500.js';
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
import { EMBEDDINGS_NOT_FORWARDED, embeddingsNotForwarded } from './embeddings-not-forwarded.js';
import { DELETE_NOT_FORWARDED, deleteNotForwarded } from './delete-not-forwarded.js';
import { MODELS_UNPREFIXED, modelsUnprefixed } from './models-unprefixed.js';
import { PACKAGE_NAME_KEY, packageNameKey } from './package-name-key.js';
import { BODY_FIRST, bodyFirst } from './body-first.js';
import { MODELS_SUBTREE_REDIRECT, modelsSubtreeRedirect } from './models-subtree-redirect.js';
import { CSRF_GUARD, csrfGuard } from './csrf-guard.js';
import { TOKEN_AS_JWT, tokenAsJwt } from './token-as-jwt.js';
import { NAMESPACE_CASE_KEPT, namespaceCaseKept } from './namespace-case-kept.js';
import { CONFLICT_409, conflict409 } from './conflict-409.js';
import { STALE_AFTER_DELETE, staleAfterDelete } from './stale-after-delete.js';
import { TAG_LOWER_CASED, tagLowerCased } from './tag-lower-cased.js';
import { BASIC_VERIFIED, basicVerified } from './basic-verified.js';
import { NO_REQUEST_TOKEN_TOTAL, noRequestTokenTotal } from './no-request-token-total.js';
import { EMBEDDINGS_ENCODED_WHOLE, embeddingsEncodedWhole } from './embeddings-encoded-whole.js';

import { TAG_CREATED_200, tagCreated200 } from './tag-created-200.js';
import { DELETE_ID_UNFORCED, deleteIdUnforced } from './delete-id-unforced.js';
import { ALIAS_REDIRECT, aliasRedirect } from './alias-redirect.js';
import { EXTRA_SEGMENTS_400, extraSegments400 } from './extra-segments-400.js';
import { UNKNOWN_RECORD_LEFT, unknownRecordLeft } from './unknown-record-left.js';
/** The quirks of the model-runner area, by id (one module each in this directory). */
export const MODEL_RUNNER_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [NO_DONE_WHEN_CUT]: noDoneWhenCut,
  [PER_TOKEN_STOP]: perTokenStop,
  [FIRST_STOP_ONLY]: firstStopOnly,
  [TASK_INDEX]: taskIndex,
  [LAST_MESSAGE_ONLY]: lastMessageOnly,
  [DECIMAL_MB]: decimalMb,
  [DELETE_IN_MEMORY]: deleteInMemory,
  [LAZY_UNLINK]: lazyUnlink,
  [STALE_INDEX_COPY]: staleIndexCopy,
  [LONE_SURROGATE_500]: loneSurrogate500,
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
  [EMBEDDINGS_NOT_FORWARDED]: embeddingsNotForwarded,
  [DELETE_NOT_FORWARDED]: deleteNotForwarded,
  [MODELS_UNPREFIXED]: modelsUnprefixed,
  [PACKAGE_NAME_KEY]: packageNameKey,
  [BODY_FIRST]: bodyFirst,
  [MODELS_SUBTREE_REDIRECT]: modelsSubtreeRedirect,
  [CSRF_GUARD]: csrfGuard,
  [TOKEN_AS_JWT]: tokenAsJwt,
  [NAMESPACE_CASE_KEPT]: namespaceCaseKept,
  [CONFLICT_409]: conflict409,
  [STALE_AFTER_DELETE]: staleAfterDelete,
  [TAG_LOWER_CASED]: tagLowerCased,
  [BASIC_VERIFIED]: basicVerified,
  [NO_REQUEST_TOKEN_TOTAL]: noRequestTokenTotal,
  [EMBEDDINGS_ENCODED_WHOLE]: embeddingsEncodedWhole,
  [EXTRA_SEGMENTS_400]: extraSegments400,
  [ALIAS_REDIRECT]: aliasRedirect,
  [DELETE_ID_UNFORCED]: deleteIdUnforced,
  [TAG_CREATED_200]: tagCreated200,
  [UNKNOWN_RECORD_LEFT]: unknownRecordLeft,
};
