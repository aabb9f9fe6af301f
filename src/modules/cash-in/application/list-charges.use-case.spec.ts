import { domainRefusal } from '../../../shared/testing/refusal.js';
import { cashInWorld, NOON, type CashInWorld } from './cash-in-world.fakes.js';
import type { CreateChargeCommand } from './create-charge.use-case.js';
import type { ListChargesQuery } from './list-charges.use-case.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };
const JOAO = { client: 'client-joao', account: 'acc-joao', document: '12345678909', name: 'João Souza' };
const MINUTE = 60_000;

describe('ListChargesUseCase, over in-memory fakes', () => {
  let w: CashInWorld;

  beforeEach(() => {
    w = cashInWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name);
    w.openAccount(JOAO.client, JOAO.account, JOAO.document, JOAO.name);
  });

  /** Issues a charge for Maria (or `clientId`) at the clock's instant, then moves the clock on a minute. */
  const issue = async (over: Partial<CreateChargeCommand> = {}) => {
    const { charge } = await w.issue({ clientId: MARIA.client, amount: '25.50', reference: 'order-1', ...over });
    w.clock.advance(MINUTE);
    return charge.snapshot;
  };
  const list = (over: Partial<ListChargesQuery> = {}) => w.list.execute({ clientId: MARIA.client, limit: 20, offset: 0, ...over });
  const ids = async (over: Partial<ListChargesQuery> = {}) => (await list(over)).items.map((c) => c.snapshot.id);

  it("lists only the caller's charges, newest first, with how many match", async () => {
    const first = await issue();
    await issue({ clientId: JOAO.client });
    const second = await issue();

    const page = await list();
    expect(page.items.map((c) => c.snapshot.id)).toEqual([second.id, first.id]);
    expect(page.total).toBe(2);
    expect(await ids({ clientId: JOAO.client })).toHaveLength(1);
    expect(await ids({ clientId: 'client-nobody' })).toEqual([]);
  });

  it('pages by limit and offset without skipping or repeating, also among charges created in the same instant', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await issue()).id);
      w.clock.set(NOON); // all five at one instant: the id orders them
    }
    const pages = [await ids({ limit: 2 }), await ids({ limit: 2, offset: 2 }), await ids({ limit: 2, offset: 4 })];

    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...made].sort().reverse());
    expect((await list({ limit: 2, offset: 4 })).total).toBe(5);
  });

  it('narrows by each filter', async () => {
    const a = await issue({ reference: 'invoice-7' });
    const b = await issue({ terms: { dueDate: '2026-03-20' } });
    const c = await issue({ terms: { dueDate: '2026-04-05' }, reference: 'invoice-7' });
    const d = await issue();
    await w.cancel.execute(MARIA.client, d.id);

    expect(await ids({ status: 'cancelled' })).toEqual([d.id]);
    expect(await ids({ status: 'pending' })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ reference: 'invoice-7' })).toEqual([c.id, a.id]);
    expect(await ids({ txid: b.txid })).toEqual([b.id]);
    expect(await ids({ txid: b.txid, clientId: JOAO.client })).toEqual([]);
    // Creation instants, both ends inclusive.
    expect(await ids({ createdFrom: b.createdAt, createdTo: c.createdAt })).toEqual([c.id, b.id]);
    expect(await ids({ createdFrom: c.createdAt })).toEqual([d.id, c.id]);
    expect(await ids({ createdTo: a.createdAt })).toEqual([a.id]);
    // Due dates, inclusive; an immediate charge has none and never matches.
    expect(await ids({ dueDateFrom: '2026-03-20', dueDateTo: '2026-03-20' })).toEqual([b.id]);
    expect(await ids({ dueDateFrom: '2026-03-21' })).toEqual([c.id]);
    expect(await ids({ dueDateTo: '2026-12-31' })).toEqual([c.id, b.id]);
    expect(await ids({ status: 'pending', reference: 'invoice-7', dueDateFrom: '2026-01-01' })).toEqual([c.id]);
  });

  it('counts and shows a pending charge past its expiry as expired, expiring it on the spot, once, as a read of it does', async () => {
    const lapsing = await issue({ expirationTime: 60 });
    const lasting = await issue();

    expect(await ids({ status: 'expired' })).toEqual([lapsing.id]);
    expect(await ids({ status: 'pending' })).toEqual([lasting.id]);
    const page = await list();
    expect(page.items.map((c) => [c.snapshot.id, c.status])).toEqual([
      [lasting.id, 'pending'],
      [lapsing.id, 'expired'],
    ]);
    expect(w.transaction(lapsing.id)?.status).toBe('expired');
    await list();
    expect(w.outbox.events.filter((e) => e.type === 'cash_in.expired')).toHaveLength(1);
  });

  it('opens no transaction when nothing on the page has lapsed', async () => {
    await issue();
    const commits = w.uow.committed;
    await list();
    expect(w.uow.committed).toBe(commits);
  });

  it.each([
    ['date_from after date_to', { createdFrom: new Date(NOON.getTime() + 1), createdTo: NOON }, 'date_from'],
    ['due_date_from after due_date_to', { dueDateFrom: '2026-03-21', dueDateTo: '2026-03-20' }, 'due_date_from'],
  ])('refuses %s with INVALID_DATE_RANGE naming it', async (_, over, field) => {
    const refusal = await domainRefusal(list(over));
    expect(refusal.code).toBe('INVALID_DATE_RANGE');
    expect(refusal.details.map((d) => d.field)).toEqual([field]);
  });

  it('accepts a range of one instant or one day, and refuses an offset past 10,000 (the transaction list bound)', async () => {
    const a = await issue({ terms: { dueDate: '2026-03-20' } });
    expect(await ids({ createdFrom: a.createdAt, createdTo: a.createdAt })).toEqual([a.id]);
    expect(await ids({ dueDateFrom: '2026-03-20', dueDateTo: '2026-03-20' })).toEqual([a.id]);
    expect((await list({ offset: 10_000 })).items).toEqual([]);
    expect((await domainRefusal(list({ offset: 10_001 }))).details).toEqual([expect.objectContaining({ field: 'offset' })]);
  });
});
