import { ReencryptWebhookSecretsUseCase } from './reencrypt-webhook-secrets.use-case.js';
import { WebhookSecretVault, type ReencryptedBatch } from './webhook-secret-vault.js';

/** Stored secrets by webhook id: `current` under the current key, `old` under a previous one, `lost` under none. */
class FakeVault extends WebhookSecretVault {
  readonly calls: { afterId: string | null; limit: number }[] = [];

  constructor(readonly rows: Map<string, ('current' | 'old' | 'lost')[]>) {
    super();
  }

  currentKeyId(): string {
    return 'kid-B';
  }

  async reencryptBatch(afterId: string | null, limit: number): Promise<ReencryptedBatch> {
    this.calls.push({ afterId, limit });
    const ids = [...this.rows.keys()]
      .sort()
      .filter((id) => (afterId === null || id > afterId) && this.rows.get(id)!.some((s) => s !== 'current'))
      .slice(0, limit);
    let reencrypted = 0;
    let unreadable = 0;
    for (const id of ids) {
      this.rows.set(
        id,
        this.rows.get(id)!.map((s) => {
          if (s === 'old') reencrypted++;
          if (s === 'lost') unreadable++;
          return s === 'old' ? 'current' : s;
        }),
      );
    }
    return { lastId: ids.at(-1) ?? null, reencrypted, unreadable };
  }
}

describe('ReencryptWebhookSecretsUseCase', () => {
  const stored = () =>
    new Map<string, ('current' | 'old' | 'lost')[]>([
      ['w1', ['old']],
      ['w2', ['current']],
      ['w3', ['old', 'old']],
      ['w4', ['lost']],
      ['w5', ['old', 'lost']],
    ]);

  it('goes through every batch, adding up what each moved and what no key opens', async () => {
    const vault = new FakeVault(stored());
    expect(await new ReencryptWebhookSecretsUseCase(vault).execute(2)).toEqual({ key_id: 'kid-B', reencrypted: 4, unreadable: 2 });
    expect(vault.calls).toEqual([
      { afterId: null, limit: 2 },
      { afterId: 'w3', limit: 2 },
      { afterId: 'w5', limit: 2 },
    ]);
    expect([...vault.rows.values()].flat().filter((s) => s === 'old')).toEqual([]);
  });

  it('finds nothing new the second time: unreadable secrets are counted again, never moved', async () => {
    const vault = new FakeVault(stored());
    const useCase = new ReencryptWebhookSecretsUseCase(vault);
    await useCase.execute();
    expect(await useCase.execute()).toEqual({ key_id: 'kid-B', reencrypted: 0, unreadable: 2 });
  });
});
