import type { QuirkModule } from '../quirk-module.js';
import { PLEASE_UPGRADE, pleaseUpgrade } from './please-upgrade.js';

/** The quirks of the api-versioning area, by id (one module each in this directory). */
export const API_VERSIONING_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [PLEASE_UPGRADE]: pleaseUpgrade,
};
