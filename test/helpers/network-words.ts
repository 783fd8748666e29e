/**
 * A network answer with what differs between two daemons by chance as words: network IDs, the
 * 12-digit IDs in the macvlan and ipvlan drivers' link names (dm-, di-), and the daemon's ULA /48
 * (random per data root from 27.0).
 */
export const networkWords = (text: string): string =>
  text
    .replace(/[0-9a-f]{64}/g, '<id>')
    .replace(/\b(d[mi])-[0-9a-f]{12}\b/g, '$1-<id>')
    .replace(/fd[0-9a-f]{2}:[0-9a-f]{1,4}:[0-9a-f]{1,4}(?=:)/g, '<ula>');
