import { loadConfig } from '../../../config/app.config.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { encodeBrCode } from '../../../shared/domain/br-code/br-code.js';
import { Money } from '../../../shared/money/money.js';
import { domainRefusal } from '../../../shared/testing/refusal.js';
import { InMemoryKeyDirectory } from '../../keys/application/key-directory.fakes.js';
import { inMemoryLookupThrottle } from '../../keys/application/lookup-throttle.fakes.js';
import { DecodeBrCodeUseCase } from './decode-br-code.use-case.js';
import { QrPayloadFetcher, type DynamicQrPayload } from './qr-payload-fetcher.js';
import { FixedClock, InMemoryQrLookups } from './qr-lookups.fakes.js';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const config = loadConfig({ PSP_ISPB: '99999004', LOOKUP_RATE_LIMIT_PER_MINUTE: '1000' });
/** The open charge of João, a client of this institution, and its txid. */
const JOAO_TXID = 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G';

/** João's account, held here: a payment to his key settles on-us. */
const joao: Counterparty = {
  name: 'João Souza',
  document: '12345678909',
  ispb: '99999004',
  participantName: 'Instant Payments Sandbox',
  branch: '0001',
  account: '100002',
  accountType: 'payment',
  internal: { clientId: 'client-joao', accountId: 'acc-joao' },
};
const joana: Counterparty = { ...joao, name: 'Joana Externa', document: '52998224725', ispb: '00000000', internal: null };

/** A fetcher that answers one payload for any URL, as a routing fetcher would for the code's host. */
class OnePayload extends QrPayloadFetcher {
  constructor(private readonly payload: DynamicQrPayload) {
    super();
  }
  async fetch(): Promise<DynamicQrPayload | null> {
    return this.payload;
  }
}

const payload = (over: Partial<DynamicQrPayload>): DynamicQrPayload => ({
  chargeId: null,
  txid: JOAO_TXID,
  status: 'active',
  amount: Money.of('0.01'),
  pixKey: 'joao@example.com',
  pixKeyType: 'EMAIL',
  receiver: joao,
  ...over,
});

const code = encodeBrCode({ type: 'dynamic', url: 'pix.other-host.example/qr/v2/abc', merchantName: 'Joao', merchantCity: 'SAO PAULO' });

function decoder(fetched: DynamicQrPayload) {
  const lookups = new InMemoryQrLookups();
  const useCase = new DecodeBrCodeUseCase(
    new InMemoryKeyDirectory(),
    new OnePayload(fetched),
    lookups,
    config,
    new FixedClock(NOW),
    inMemoryLookupThrottle(config),
  );
  return { useCase, lookups };
}

// docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md
describe('DecodeBrCodeUseCase: a payload for a key held here is trusted only from our own locations', () => {
  it("refuses another host's payload that names a key held here (the review's case: our client's open charge, 0.01), storing nothing", async () => {
    const { useCase, lookups } = decoder(payload({}));
    expect(await domainRefusal(useCase.execute('client-maria', code))).toEqual({
      code: 'QR_PAYLOAD_INVALID',
      message: 'The payload of this dynamic QR code is not a valid charge',
      details: [
        { field: 'br_code', issue: "its key is held at this institution, whose charges are read only at this institution's own locations" },
      ],
    });
    expect(lookups.rows.size).toBe(0);
  });

  it('refuses it as well when the directory places the key at this ISPB without naming the account', async () => {
    const { useCase } = decoder(payload({ receiver: { ...joao, internal: null } }));
    expect((await domainRefusal(useCase.execute('client-maria', code))).code).toBe('QR_PAYLOAD_INVALID');
  });

  it("decodes our own location's payload for that key (a charge id), and another host's for a key held elsewhere", async () => {
    const ours = decoder(payload({ chargeId: 'charge-1', amount: Money.of('7.00') }));
    expect(await ours.useCase.execute('client-maria', code)).toMatchObject({
      qrType: 'dynamic',
      amount: '7.00',
      payload: { txid: JOAO_TXID },
    });
    const theirs = decoder(payload({ receiver: joana, pixKey: 'joana@example.com' }));
    expect(await theirs.useCase.execute('client-maria', code)).toMatchObject({ qrType: 'dynamic', amount: '0.01', receiver: joana });
    expect([...theirs.lookups.rows.values()][0]!.result).toMatchObject({ charge_txid: JOAO_TXID });
  });
});
