/** Where the dashboard is served; not part of the API (nor of its OpenAPI document). */
export const QUEUE_BOARD_ROUTE = '/admin/queues';

/** What a request to the board needs: a read scope, the write scope, or nothing lets it through. */
export type BoardPermission = 'read' | 'write' | 'never';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The board's changes an admin with the write scope may make: retry, promote and clean jobs, pause and
 * resume queues. They only re-run or tidy what the service itself queued; every handler checks its job
 * against the database before it moves money (docs/adr/0185-a-job-is-a-hint-never-an-authority.md).
 */
const WRITES: readonly RegExp[] = [
  /^\/api\/queues\/(pause|resume)$/,
  /^\/api\/queues\/[^/]+\/(pause|resume|promote)$/,
  /^\/api\/queues\/[^/]+\/(retry|clean)\/[^/]+$/,
  /^\/api\/queues\/[^/]+\/[^/]+\/(retry|promote|clean)$/,
];

/**
 * What `method path` (the path under the board's mount point) needs. Reading (the page, its assets, the
 * JSON API's GETs) needs the read scope; the writes above the write scope. Everything else is refused for
 * everyone: adding a job or editing a job's data would let the board make money (a job is a hint, never
 * an authority, but no one should be able to write one), and emptying or obliterating a queue, changing
 * its concurrency or rate limit, or purging metrics loses work or history.
 */
export function boardPermission(method: string, path: string): BoardPermission {
  const m = method.toUpperCase();
  if (SAFE_METHODS.has(m)) return 'read';
  if (m !== 'PUT') return 'never';
  return WRITES.some((w) => w.test(path)) ? 'write' : 'never';
}

/** The path of `url` (an `originalUrl`) under the board's mount point: `/api/queues`, `/static/...`, `/` for the page. */
export function pathUnderBoard(url: string): string {
  const path = url.split('?')[0] ?? '/';
  const under = path.startsWith(QUEUE_BOARD_ROUTE) ? path.slice(QUEUE_BOARD_ROUTE.length) : path;
  return under === '' ? '/' : under;
}
