import { DomainError } from '../errors/domain-error.js';

/**
 * For unit tests: the DomainError `p` is refused with, as its code, message and details. A `p` that resolves,
 * or that fails with anything but a DomainError, fails the test with that.
 */
export async function domainRefusal(p: Promise<unknown>): Promise<Pick<DomainError, 'code' | 'message' | 'details'>> {
  const err: unknown = await p.then(
    () => {
      throw new Error('expected a refusal, but it resolved');
    },
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw err;
  return { code: err.code, message: err.message, details: err.details };
}
