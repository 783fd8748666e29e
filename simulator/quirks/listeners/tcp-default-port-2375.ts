/**
 * observed.listen.tcp.default-port: bare `tcp://` (and `host:`) listens on 2375 with TLS too; the
 * document says 2376 under TLS (observed on 20.10.24, 26.1.5, 28.5.2 in a private network namespace:
 * https://127.0.0.1:2376 refused; moby uses DefaultHTTPPort for every tcp address without a port).
 * Carried by listeners/address.ts (parseHost).
 */
export const TCP_DEFAULT_PORT_2375 = 'observed.listen.tcp.default-port';

/** The port of a tcp address written without one. */
export const defaultTcpPort = (tls: boolean, quirks: ReadonlySet<string>): number => (tls && !quirks.has(TCP_DEFAULT_PORT_2375) ? 2376 : 2375);
