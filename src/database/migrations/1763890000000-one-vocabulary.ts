import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One word per state and per account type: a waiting cash-out's transaction says `queued` like the
 * cash-out itself, and every stored `bank.account_type` uses the API's spelling (checking, savings,
 * salary, payment) instead of the key directory's ISO codes. Admin keys that write fee schedules get
 * the new read scope.
 */
export class OneVocabulary1763890000000 implements MigrationInterface {
  name = 'OneVocabulary1763890000000';

  async up(q: QueryRunner): Promise<void> {
    // Reading fee schedules got its own scope; admins who could write them may read them.
    await q.query(`
      UPDATE api_keys SET scopes = array_append(scopes, 'admin:fees:read')
      WHERE owner_kind = 'admin' AND 'admin:fees:write' = ANY(scopes) AND NOT ('admin:fees:read' = ANY(scopes))`);
    await q.query(`UPDATE transactions SET status = 'queued' WHERE type = 'cash_out' AND status = 'pending'`);
    for (const [table, column] of [
      ['transactions', 'payer'],
      ['transactions', 'receiver'],
      ['cash_outs', 'payer'],
      ['cash_outs', 'receiver'],
    ]) {
      // cash_outs keep the counterparty flat (accountType); transactions keep the spec's bank object.
      const path = table === 'cash_outs' ? '{accountType}' : '{bank,account_type}';
      const current = table === 'cash_outs' ? `${column}->>'accountType'` : `${column}->'bank'->>'account_type'`;
      await q.query(`
        UPDATE ${table} SET ${column} = jsonb_set(${column}, '${path}', to_jsonb(CASE ${current}
            WHEN 'CACC' THEN 'checking' WHEN 'SVGS' THEN 'savings' WHEN 'SLRY' THEN 'salary' WHEN 'TRAN' THEN 'payment' END))
        WHERE ${current} IN ('CACC', 'SVGS', 'SLRY', 'TRAN')`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE transactions SET status = 'pending' WHERE type = 'cash_out' AND status = 'queued'`);
  }
}
