import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limits usage as stored counters, O(1) per payment: one row per (account, limit type, window), kept
 * by a trigger on `transactions` in the same database transaction as the payment, so it can never
 * drift from the transactions it counts and no payment path can forget it.
 *
 * What counts (the one home of these rules): `cash_out`/`p2p_out` use `pix_out`, `cash_in`/`p2p_in` use
 * `pix_in`, while `pending`, `queued`, `processing`, `completed` or `returned`; a `reversal_in`
 * referencing a payment gives its amount back (a partial return frees only its own amount). A
 * transaction counts in the windows holding its `created_at` in America/Sao_Paulo: its day period
 * (daytime 06:00-20:00, nighttime 20:00-06:00), its day and its month; `window_start` is the window's
 * first instant, as `src/modules/limits/domain/limit-windows.ts` computes it.
 */
export class LimitUsage1763910000000 implements MigrationInterface {
  name = 'LimitUsage1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE limit_usage (
        account_id uuid NOT NULL REFERENCES accounts(id),
        limit_type varchar(8) NOT NULL CHECK (limit_type IN ('pix_out', 'pix_in', 'ted', 'boleto')),
        window_kind varchar(10) NOT NULL CHECK (window_kind IN ('daytime', 'nighttime', 'day', 'month')),
        window_start timestamptz NOT NULL,
        used numeric(20,6) NOT NULL DEFAULT 0 CHECK (used >= 0),
        PRIMARY KEY (account_id, limit_type, window_kind, window_start)
      )`);
    await q.query(`
      CREATE FUNCTION limit_type_of(tx_type text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN tx_type IN ('cash_out', 'p2p_out') THEN 'pix_out'
                    WHEN tx_type IN ('cash_in', 'p2p_in') THEN 'pix_in' END
      $$`);
    await q.query(`
      CREATE FUNCTION limit_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT status IN ('pending', 'queued', 'processing', 'completed', 'returned')
      $$`);
    // Adds delta to the three windows of (account, type) holding instant "at"; rows in a fixed order.
    await q.query(`
      CREATE FUNCTION limit_usage_add(p_account uuid, p_type text, p_at timestamptz, p_delta numeric) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        local_at timestamp := p_at AT TIME ZONE 'America/Sao_Paulo';
        local_day timestamp := date_trunc('day', local_at);
        local_hour int := extract(hour FROM local_at);
        period_kind text := CASE WHEN local_hour >= 6 AND local_hour < 20 THEN 'daytime' ELSE 'nighttime' END;
        period_start timestamp := CASE WHEN local_hour < 6 THEN local_day - interval '4 hours'
                                       WHEN local_hour < 20 THEN local_day + interval '6 hours'
                                       ELSE local_day + interval '20 hours' END;
        starts timestamptz[] := ARRAY[period_start AT TIME ZONE 'America/Sao_Paulo', local_day AT TIME ZONE 'America/Sao_Paulo',
                                      date_trunc('month', local_at) AT TIME ZONE 'America/Sao_Paulo'];
        kinds text[] := ARRAY[period_kind, 'day', 'month'];
      BEGIN
        IF p_type IS NULL OR p_delta = 0 THEN RETURN; END IF;
        IF p_delta > 0 THEN
          INSERT INTO limit_usage AS u (account_id, limit_type, window_kind, window_start, used) VALUES
            (p_account, p_type, kinds[1], starts[1], p_delta),
            (p_account, p_type, kinds[2], starts[2], p_delta),
            (p_account, p_type, kinds[3], starts[3], p_delta)
          ON CONFLICT (account_id, limit_type, window_kind, window_start) DO UPDATE SET used = u.used + EXCLUDED.used;
        ELSE
          -- Giving back: the rows exist (the payment added to them); one at a time, in the same order.
          FOR i IN 1..3 LOOP
            UPDATE limit_usage SET used = used + p_delta
            WHERE account_id = p_account AND limit_type = p_type AND window_kind = kinds[i] AND window_start = starts[i];
          END LOOP;
        END IF;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION limit_usage_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        original transactions%ROWTYPE;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF limit_counted(NEW.status) THEN
            PERFORM limit_usage_add(NEW.account_id, limit_type_of(NEW.type), NEW.created_at, NEW.amount);
          END IF;
          IF NEW.type = 'reversal_in' AND NEW.reference IS NOT NULL THEN
            SELECT * INTO original FROM transactions
              WHERE client_id = NEW.client_id AND id::text = NEW.reference AND limit_counted(status);
            IF FOUND THEN
              PERFORM limit_usage_add(original.account_id, limit_type_of(original.type), original.created_at, -NEW.amount);
            END IF;
          END IF;
        ELSIF limit_counted(OLD.status) <> limit_counted(NEW.status) THEN
          PERFORM limit_usage_add(NEW.account_id, limit_type_of(NEW.type), NEW.created_at,
                                  CASE WHEN limit_counted(NEW.status) THEN NEW.amount ELSE -NEW.amount END);
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER transactions_limit_usage AFTER INSERT OR UPDATE OF status ON transactions
        FOR EACH ROW EXECUTE FUNCTION limit_usage_track()`);
    // Counts what is already there.
    await q.query(`
      SELECT limit_usage_add(account_id, limit_type_of(type), created_at, amount)
      FROM transactions WHERE limit_counted(status) AND limit_type_of(type) IS NOT NULL`);
    await q.query(`
      SELECT limit_usage_add(o.account_id, limit_type_of(o.type), o.created_at, -r.amount)
      FROM transactions r JOIN transactions o ON o.client_id = r.client_id AND o.id::text = r.reference
      WHERE r.type = 'reversal_in' AND limit_counted(o.status) AND limit_type_of(o.type) IS NOT NULL`);
    // A cash-out is written before its transaction row (both in one database transaction), so the
    // transaction row, and with it the usage counters' lock, come as late as possible.
    await q.query(`
      ALTER TABLE cash_outs DROP CONSTRAINT cash_outs_id_fkey,
        ADD CONSTRAINT cash_outs_id_fkey FOREIGN KEY (id) REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cash_outs DROP CONSTRAINT cash_outs_id_fkey,
        ADD CONSTRAINT cash_outs_id_fkey FOREIGN KEY (id) REFERENCES transactions(id)`);
    await q.query(`DROP TRIGGER transactions_limit_usage ON transactions`);
    await q.query(`DROP FUNCTION limit_usage_track(); DROP FUNCTION limit_usage_add(uuid, text, timestamptz, numeric)`);
    await q.query(`DROP FUNCTION limit_counted(text); DROP FUNCTION limit_type_of(text)`);
    await q.query(`DROP TABLE limit_usage`);
  }
}
