import { Foundation1763840000000 } from './1763840000000-foundation.js';

/** Every migration in order; add new ones at the end. */
export const MIGRATIONS = [Foundation1763840000000];
