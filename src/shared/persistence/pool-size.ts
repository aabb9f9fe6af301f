/** Connections per process: the database pool's size (src/database/data-source-options.ts). */
export const DB_POOL_MAX = 20;
/**
 * Of those, how many request transactions may never take: they stay free for background work (queue
 * jobs such as settlement), so a burst of API requests cannot starve settlement of connections.
 */
export const DB_POOL_RESERVED_FOR_BACKGROUND = 5;
