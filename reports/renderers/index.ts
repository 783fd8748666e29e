export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
export { renderHtml } from './html.js';
export { evidenceText, replayHint, resultName } from './text.js';
