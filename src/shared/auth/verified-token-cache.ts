import type { TokenHolder } from './token.service.js';

/** How many verified tokens one process remembers; a token is a few hundred bytes, so this is a few MB at most. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface Entry {
  holder: TokenHolder;
  /** The token's `exp` claim, in seconds since the epoch. */
  exp: number;
}

/**
 * Bearer tokens whose signature and claims were already verified, by their full text, so a client sending
 * the same token again skips the HMAC check and the JSON parse (a token is a pure function of its claims
 * and the secret: the same text verifies the same way until it expires). Only expiry changes with time,
 * and it is checked here exactly as jsonwebtoken checks it (expired once the current second reaches
 * `exp`). Revocation is not this cache's business: the guard asks the credential verifier on every request.
 * Least recently used entries go first once the bound is reached.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly max = VERIFIED_TOKEN_CACHE_SIZE,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The token's principal and audience (a copy, so no request can change another's), or undefined if unknown or expired. */
  get(token: string): TokenHolder | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.isExpired(entry.exp)) {
      this.entries.delete(token);
      return undefined;
    }
    // Re-inserted so the Map's order stays least recently used first.
    this.entries.delete(token);
    this.entries.set(token, entry);
    return copyOf(entry.holder);
  }

  /** Remembers a token that just passed verification; call it for nothing else. */
  set(token: string, holder: TokenHolder, exp: number): void {
    if (this.isExpired(exp)) return;
    this.entries.delete(token);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { holder: copyOf(holder), exp });
  }

  get size(): number {
    return this.entries.size;
  }

  /** jsonwebtoken's rule (no clock tolerance is configured): expired when floor(now / 1000) >= exp. */
  private isExpired(exp: number): boolean {
    return Math.floor(this.now() / 1000) >= exp;
  }
}

function copyOf({ principal, audience }: TokenHolder): TokenHolder {
  return { principal: { ...principal, scopes: [...principal.scopes] }, audience };
}
