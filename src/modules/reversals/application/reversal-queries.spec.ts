import { domainRefusal } from '../../../shared/testing/refusal.js';
import type { CreateReversalCommand } from './create-reversal.use-case.js';
import { ANA, BRUNO, EXTERNAL, HOUR, NOON, ON_US } from '../../transactions/application/received-payments.fakes.js';
import { reversalsWorld, type ReversalsWorld } from './reversals-world.fakes.js';

/** The one place a CreateReversalCommand is built: Ana gives back 10.00 of Joana's payment unless told otherwise. */
function command(over: Partial<CreateReversalCommand> = {}): CreateReversalCommand {
  return { clientId: ANA.client, amount: '10.00', externalId: 'rev-1', endToEndId: EXTERNAL.endToEndId, ...over };
}

describe('ReversalQueries, over in-memory fakes', () => {
  let w: ReversalsWorld;

  beforeEach(async () => {
    w = reversalsWorld();
    await w.receiveExternal('100.00');
    await w.receiveOnUs('100.00');
  });

  /** Ana reverses at NOON + `hours`; the reversal's id. */
  const reverseAt = async (hours: number, over: Partial<CreateReversalCommand>) => {
    w.clock.set(new Date(NOON.getTime() + hours * HOUR));
    return (await w.create.execute(command(over))).snapshot.id;
  };

  it("gets the caller's own reversal, and answers another client's as REVERSAL_NOT_FOUND", async () => {
    const id = await reverseAt(0, {});

    expect((await w.queries.get(ANA.client, id)).snapshot).toMatchObject({ id, externalId: 'rev-1', status: 'queued' });
    expect((await domainRefusal(w.queries.get(BRUNO.client, id))).code).toBe('REVERSAL_NOT_FOUND');
    expect((await domainRefusal(w.queries.get(ANA.client, '00000000-0000-4000-8000-000000000000'))).code).toBe('REVERSAL_NOT_FOUND');
  });

  it('lists newest first, by the original payment, the external id and strict date bounds, at most `limit`', async () => {
    const first = await reverseAt(0, { externalId: 'a' });
    const second = await reverseAt(1, { externalId: 'b', endToEndId: ON_US.endToEndId });
    const third = await reverseAt(2, { externalId: 'c' });
    const ids = async (f: Partial<Parameters<ReversalsWorld['queries']['list']>[0]>) =>
      (await w.queries.list({ clientId: ANA.client, limit: 20, ...f })).map((r) => r.snapshot.id);

    expect(await ids({})).toEqual([third, second, first]);
    expect(await ids({ limit: 2 })).toEqual([third, second]);
    expect(await ids({ endToEndId: EXTERNAL.endToEndId })).toEqual([third, first]);
    expect(await ids({ externalId: 'b' })).toEqual([second]);
    expect(await ids({ createdAfter: NOON, createdBefore: new Date(NOON.getTime() + 2 * HOUR) })).toEqual([second]);
    expect(await ids({ clientId: BRUNO.client })).toEqual([]);
  });
});
