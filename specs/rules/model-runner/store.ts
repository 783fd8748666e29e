import { impl, NONE, TESTABLE, rule } from '../kit.js';
import { AREA, SERVICE } from './kit.js';

const REFERENCE = 'docker/model-runner @ 642c7211: pkg/distribution (the local store); the issue "Model runner" of this project';

/** The store behind the management endpoints: persistence, crashes, concurrency, bad input. */
export const MODEL_RUNNER_STORE_RULES = [
  rule({
    id: 'mr.store.persists',
    title: 'Models survive a restart of the runner',
    area: AREA,
    level: 'implementation',
    source: impl(REFERENCE),
    reading: 'The document shows models "held locally"; a model held before a clean restart is held after it, and one deleted stays deleted.',
    applies: SERVICE,
    requires: ['restart'],
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated creates and deletes, a restart: the list is the same as before.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.store.crash-safe',
    title: 'A runner killed during store writes loses no acknowledged write and corrupts nothing',
    area: AREA,
    level: 'implementation',
    source: impl(REFERENCE),
    reading:
      'After SIGKILL and a start: every create that was answered 200 and every delete answered 200 are in effect; the one write in flight may or may not be; the runner starts and lists.',
    applies: SERVICE,
    requires: ['signal', 'restart'],
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated write sequences, the daemon killed after a generated number of them (while one more is in flight): after the start, the list is the acknowledged state, up to the write in flight.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.store.concurrent',
    title: 'Concurrent clients never see a half-written store',
    area: AREA,
    level: 'implementation',
    source: impl(REFERENCE),
    reading:
      'While clients create and delete at once, every answer of GET /models is a JSON array of whole records, and GET of a model is 200 with its whole record or 404.',
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated writers and readers at once: every read answer parses and holds whole records; at the end the list is the outcome of the answered writes.',
    testability: TESTABLE,
  }),
  rule({
    id: 'mr.server.survives-bad-input',
    title: 'Bad input never stops the runner from serving',
    area: AREA,
    level: 'implementation',
    source: impl('The issue "Model runner" of this project (bad input); docker/model-runner e2e/api_test.go (malformed JSON, empty messages: never a 500)'),
    reading:
      "Invalid JSON, wrong content types, wrong types, bodies over the limit and clients that leave mid-stream get an error or a closed stream, never a 5xx for the body's sake; the runner answers the next request and the store is intact.",
    applies: SERVICE,
    requires: NONE,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated bad requests and abandoned streams: no 5xx, and afterwards the list is unchanged and a chat completion succeeds.',
    testability: TESTABLE,
  }),
] as const;
