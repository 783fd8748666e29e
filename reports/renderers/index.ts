export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
export { renderHtml } from './html.js';
export { apiRangeText, axesText, evidenceText, replayHint, resultName } from './text.js';
export { curlCommand, shellWord } from './curl.js';
export { renderBadge, tallyByArea, type AreaTally } from './badge.js';
