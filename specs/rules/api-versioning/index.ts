import { API_VERSION_RULES } from './versions.js';
import { API_MINIMUM_RULES } from './minimum.js';
import { API_SPELLING_RULES } from './spellings.js';
import { API_HTTP_RULES } from './http.js';
import { API_OTHER_PLATFORM_RULES } from './other-platform.js';

/** HTTP API versioning and version negotiation, in the catalogue's order. */
export const API_VERSIONING_RULES = [
  ...API_VERSION_RULES,
  ...API_MINIMUM_RULES,
  ...API_SPELLING_RULES,
  ...API_HTTP_RULES,
  ...API_OTHER_PLATFORM_RULES,
] as const;
