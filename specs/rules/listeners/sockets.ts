import { daemonDoc, impl, notTestable, PROCESS, rule, START, START_LOGS, TESTABLE } from '../kit.js';
import { AREA, NETNS, UMASK } from './kit.js';

const SOCKETS = 'Endpoints › Daemon listening sockets';
const OBSERVED = 'dockerd 20.10.24, 26.1.5, 28.5.2 on this machine';

/** daemon.md › Daemon listening sockets: unix, tcp (and its shorthands), several at once, the empty -H. */
export const SOCKET_RULES = [
  rule({
    id: 'listen.unix.mode',
    title: 'A unix socket is created for its owner and the socket group only (0660), the group given by -G',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, '`unix://<path>` … created with root-only access or group membership (group set by `-G`).'),
    reading:
      '"Root-only access or group membership" is mode 0660 owned by the daemon\'s user and the socket group (srw-rw----, observed on every release). The group is given by name or by number (`-G 0` gives root, observed); the default group is the brand\'s (`ctr`, `docker`).',
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated groups of the machine (by name or id) as -G: the daemon serves, its socket has mode 0660 and that group; without -G the socket is 0660 (and the default group where the machine has it).',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.unix.mode-from-start',
    title:
      'No one but root and the socket group can connect to a unix socket, from the moment it appears: not even while the daemon starts under a permissive umask',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, '`unix://<path>` … created with root-only access or group membership (group set by `-G`).'),
    reading:
      'The socket is "created with" that access: from the moment the path exists, whatever the umask the daemon was started with, no user outside root and the socket group can connect to it. Access to a unix socket is a connection, and the kernel grants one only while the socket listens and its mode lets the user write to it: a socket that listens under the process umask (0777 under umask 0) and is narrowed afterwards lets any local user connect in between, and that connection stays usable. A socket bound under the umask but given its mode before it listens refuses everyone meanwhile, whatever mode it showed. Strict: every moment from its first appearance counts.',
    otherReading: "The access is what the socket gives once the daemon serves: only the moments from the daemon's first answer count.",
    applies: PROCESS,
    requires: UMASK,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated permissive umasks (those under which a socket bound as it comes lets others write: 0000, 0020, 0005…) and one or two extra unix sockets (-H) in a directory watched from before the start (lstat every 0.2 ms in a thread of its own, and inotify; while a mode lets others write, /proc/net/unix says whether the socket listens, then a second lstat confirms the mode): no socket is ever seen listening with a mode that lets others write, and the daemon serves on every socket. A moment shorter than one look (about 0.3 ms) can go unseen.',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.unix.group-missing',
    title: 'A -G group that does not exist stops the start',
    area: AREA,
    level: 'implementation',
    source: impl('moby daemon/listeners/listeners_linux.go (lookupGID)', `exit 1 and "failed to load listeners: group nosuchgroup not found" on ${OBSERVED}`),
    reading: "The document names the option only; what a missing group does is the real daemons' answer.",
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated group names absent from the machine as -G: exit code ≠ 0, the output names the group, nothing serves.',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.tcp.forms',
    title: '`tcp://host:port` and the shorthands `host:port` and `:port` listen on that address',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, '`tcp://[host]:[port][path]` … Shorthands `host:`, `host:port`, `:port` are accepted.'),
    reading:
      'A missing host is 127.0.0.1 ("A bare `tcp://` means 127.0.0.1"). Checked on free loopback ports; the forms without a port are listen.tcp.default-port\'s.',
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Generated free ports in every form (`tcp://127.0.0.1:P`, `127.0.0.1:P`, `:P`, `tcp://:P`, `tcp://localhost:P`): the daemon serves GET /_ping on 127.0.0.1:P, and still on its unix socket.',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.tcp.default-port',
    title: 'Bare `tcp://` and `host:` listen on 127.0.0.1 / host at port 2375 without TLS and 2376 with it',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, 'A bare `tcp://` means 127.0.0.1, port 2376 with TLS, port 2375 without.'),
    reading: 'The conventional ports may be taken on a shared machine: the daemon runs in a private network namespace and is probed there.',
    applies: PROCESS,
    requires: NETNS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      '`-H tcp://` and `-H 127.0.0.1:` without TLS: GET /_ping answers on 127.0.0.1:2375 inside the namespace; with `--tlsverify` and generated certificates: on 127.0.0.1:2376, over TLS.',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.tcp.path',
    title: 'A path in a tcp address is prepended to all requests',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, '`tcp://[host]:[port][path]` … A path is prepended to all requests.'),
    reading:
      'On a listener: requests under the path are served as the daemon\'s API without it. (The real releases refuse such an address: 26.1 and 28.5 "invalid bind address (…): should not contain a path element", 20.10 "listen tcp: address tcp/<port>/<path>: unknown port"; see specs/known-deviations.ts.)',
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'Generated paths on a free port: GET <path>/_ping and <path>/version answer as /_ping and /version do on the unix socket.',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.multiple',
    title: 'Several -H options listen on several sockets at once',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, 'Several `-H` options listen on several sockets at once.'),
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "One to three generated extra listeners (unix sockets in the suite's directory, TCP on free loopback ports) besides the suite's socket: every one answers GET /_ping with the same daemon (the same /info ID).",
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.empty-host',
    title: 'An empty -H equals no -H',
    area: AREA,
    level: 'must',
    source: daemonDoc(SOCKETS, 'An empty `-H` equals no `-H`.'),
    applies: PROCESS,
    requires: START,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'The daemon listens on the default socket (/var/run/ctr.sock).',
    testability: notTestable(
      "the rule makes the daemon listen on the machine's own default socket (/var/run/docker.sock for the real daemons); checking it safely needs a private mount namespace with /run replaced, which the targets do not build yet",
    ),
  }),
  rule({
    id: 'listen.tcp.unauthenticated-deprecated',
    title: 'From 26.0 a TCP listener without TLS is deprecated, not removed: it still serves the API',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Deprecation catalogue; States and transitions › Feature lifecycle',
      '| Deprecated | unauthenticated TCP connections | v26.0 | v28.0 | … Deprecated: stays for at least one stable release; may print a warning',
    ),
    reading:
      'The catalogue gives the status Deprecated (the removal in v28.0 is planned, not done; the 27.0 rule for remote listeners is rule tls.remote-requires-verify): a TCP listener without TLS on this machine keeps serving the whole API, as the unix socket does. A deprecation "may print a warning": a notice is not required (what the releases log is the implementation rule listen.tcp.unauthenticated-notice).',
    applies: { ...PROCESS, releases: { min: '26.0' } },
    requires: START,
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'A TCP listener on a generated free loopback port without TLS: GET /_ping, /version and /v<max>/version answer there as on the unix socket.',
    testability: TESTABLE,
  }),
  rule({
    id: 'listen.tcp.unauthenticated-notice',
    title: 'From 26.0 the releases log a deprecation notice for a TCP listener without TLS',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby cmd/dockerd/daemon.go (loadListeners: the unencrypted-TCP deprecation notice)',
      `\`[DEPRECATION NOTICE]: API is accessible on http://<addr> without encryption.\` on 26.1.5 and 28.5.2, nothing on 20.10.24 (${OBSERVED})`,
    ),
    reading:
      'The document lets a deprecation print a warning (Feature lifecycle: "may print a warning"); the releases from 26.0 do, for each TCP listener without TLS.',
    applies: { ...PROCESS, releases: { min: '26.0' } },
    requires: START_LOGS,
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'Two TCP listeners without TLS on generated free loopback ports, one as 127.0.0.1 and one as localhost: the log has, for each, a line with "DEPRECATION NOTICE", "without encryption" and its port.',
    testability: TESTABLE,
  }),
] as const;
