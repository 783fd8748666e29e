import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { type FilterArgs, filterValues, labelMap } from '../filters/filter-args.js';

/** containerd's labels.Validate: a key and value of more than this many bytes together are refused. */
const MAX_LABEL_BYTES = 4096;
/** How much of a refused key its message names. */
const KEY_SHOWN_BYTES = 64;

interface LabelCheck {
  readonly key: string;
  readonly value: string;
  readonly onlyExists: boolean;
  readonly negate: boolean;
}

/** An image's labels kept or not by every check. */
export type LabelMatch = (labels: unknown) => boolean;

/**
 * The `label` and `label!` filters of containerd's image store (moby docker-v29.7.2
 * daemon/containerd/image_list.go setupLabelFilter): `k` asks the label to exist, `k=v` to have
 * that value; `label!`, or a key ending in "!", negates the check (`label=k!=v`: not v). Each value
 * is validated first (containerd's labels.Validate: 400 when key and value exceed 4096 bytes);
 * null once that refusal was answered. The graph driver store knows no `label!` and matches
 * `label` as filters-args' MatchKVList (filter-args.ts labelsMatch).
 */
export function containerdLabelFilter(x: Exchange, filters: FilterArgs): { readonly match: LabelMatch | null } | null {
  const checks: LabelCheck[] = [];
  for (const name of ['label', 'label!']) {
    for (const item of filterValues(filters, name)) {
      const at = item.indexOf('=');
      const key = at < 0 ? item : item.slice(0, at);
      const value = at < 0 ? '' : item.slice(at + 1);
      const total = Buffer.byteLength(key) + Buffer.byteLength(value);
      if (total > MAX_LABEL_BYTES) {
        const shown = Buffer.from(key).subarray(0, KEY_SHOWN_BYTES).toString('latin1');
        handlerError(
          x,
          400,
          `label key and value length (${total} bytes) greater than maximum size (${MAX_LABEL_BYTES} bytes), key: ${shown}: invalid argument`,
        );
        return null;
      }
      const flipped = key.endsWith('!');
      checks.push({ key: flipped ? key.slice(0, -1) : key, value, onlyExists: at < 0, negate: (name === 'label!') !== flipped });
    }
  }
  if (checks.length === 0) return { match: null };
  return {
    match: (labels) => {
      const set = labelMap(labels);
      return checks.every((check) => {
        const exists = Object.hasOwn(set, check.key);
        if (check.onlyExists) return exists !== check.negate;
        if (!exists) return check.negate;
        return (set[check.key] === check.value) !== check.negate;
      });
    },
  };
}
