/**
 * Awaits every promise, then answers their values, or throws the rejection of the FIRST one in the list
 * that failed (not the first to fail in time). For steps started together so that their statements share
 * a round trip (SqlSession), when which refusal the caller sees must not depend on timing: the steps are
 * listed in the order they would have run one after another.
 */
export async function allInOrder<T extends readonly unknown[]>(steps: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const outcomes = await Promise.allSettled(steps);
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
