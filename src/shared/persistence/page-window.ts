import { DomainError } from '../errors/domain-error.js';
import { MAX_OFFSET } from '../http/page.query.js';

/**
 * Bounds of the `page` / `page_size` lists, the same as the transaction list's
 * (docs/adr/0052-lists-cost-a-page-not-a-history.md), so no request makes PostgreSQL skip or count a whole
 * history: a page reaches at most the first PAGE_WINDOW rows, and `total` counts at most PAGE_TOTAL_CAP of them.
 */
export const PAGE_WINDOW = MAX_OFFSET;
/** A paged list's `total` counts up to this many rows: `10000` means 10,000 or more. */
export const PAGE_TOTAL_CAP = 10_000;

/** 400 VALIDATION_ERROR naming `page` when `page * page_size` is past PAGE_WINDOW. */
export function assertPageWithinWindow(page: number, pageSize: number): void {
  if (page * pageSize > PAGE_WINDOW) {
    throw new DomainError('VALIDATION_ERROR', `page * page_size may be at most ${PAGE_WINDOW}`, [
      { field: 'page', issue: `page * page_size must be <= ${PAGE_WINDOW}` },
    ]);
  }
}
