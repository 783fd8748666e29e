import type { Exchange } from '../../http/exchange.js';
import type { Container } from '../objects/index.js';
import { apiBelow } from '../replies.js';

export const RAW_STREAM = 'application/vnd.docker.raw-stream';
export const MULTIPLEXED_STREAM = 'application/vnd.docker.multiplexed-stream';

/** From this API version a container's output without a TTY is typed multiplexed (logs, an upgraded attach). */
const MULTIPLEXED_TYPE_SINCE = '1.42';

/** The media type of a container's output stream: multiplexed (stdout and stderr framed) without a TTY from API 1.42, else raw. */
export const outputStreamType = (x: Exchange, container: Container): string =>
  container.config['Tty'] !== true && !apiBelow(x, MULTIPLEXED_TYPE_SINCE) ? MULTIPLEXED_STREAM : RAW_STREAM;
