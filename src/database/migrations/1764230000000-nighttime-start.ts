import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The nighttime starts at 20:00 or, at the user's choice, 22:00 (Resolução BCB nº 1/2020 as amended by nº
 * 142/2021; docs/adr/0220-nighttime-start-and-mei.md). `account_limit_settings` holds an account's choice:
 * its hour from `effective_at` on (always a 06:00, the boundary both windows share, so no window is split),
 * the previous hour before it; no row is 20:00. The usage counters' function reads it for the payment's own
 * instant, in the payment's transaction: the trigger and `limit-windows.ts` cut the same windows.
 */
export class NighttimeStart1764230000000 implements MigrationInterface {
  name = 'NighttimeStart1764230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account_limit_settings (
        account_id uuid PRIMARY KEY REFERENCES accounts(id),
        nighttime_start_hour smallint NOT NULL CHECK (nighttime_start_hour IN (20, 22)),
        previous_nighttime_start_hour smallint NOT NULL CHECK (previous_nighttime_start_hour IN (20, 22)),
        effective_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(
      limitUsageAdd(`COALESCE((SELECT CASE WHEN p_at >= s.effective_at THEN s.nighttime_start_hour
                                                      ELSE s.previous_nighttime_start_hour END
                                           FROM account_limit_settings s WHERE s.account_id = p_account), 20)`),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(limitUsageAdd('20'));
    await q.query(`DROP TABLE account_limit_settings`);
  }
}

/** LimitUsage1763910000000's function, with the nighttime's start hour an expression of p_account and p_at. */
function limitUsageAdd(nightHour: string): string {
  return `
    CREATE OR REPLACE FUNCTION limit_usage_add(p_account uuid, p_type text, p_at timestamptz, p_delta numeric) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      local_at timestamp := p_at AT TIME ZONE 'America/Sao_Paulo';
      local_day timestamp := date_trunc('day', local_at);
      local_hour int := extract(hour FROM local_at);
      night_hour int;
      period_kind text;
      period_start timestamp;
      starts timestamptz[];
      kinds text[];
    BEGIN
      IF p_type IS NULL OR p_delta = 0 THEN RETURN; END IF;
      night_hour := ${nightHour};
      period_kind := CASE WHEN local_hour >= 6 AND local_hour < night_hour THEN 'daytime' ELSE 'nighttime' END;
      period_start := CASE WHEN local_hour < 6 THEN local_day - interval '1 day' + make_interval(hours => night_hour)
                           WHEN local_hour < night_hour THEN local_day + interval '6 hours'
                           ELSE local_day + make_interval(hours => night_hour) END;
      starts := ARRAY[period_start AT TIME ZONE 'America/Sao_Paulo', local_day AT TIME ZONE 'America/Sao_Paulo',
                      date_trunc('month', local_at) AT TIME ZONE 'America/Sao_Paulo'];
      kinds := ARRAY[period_kind, 'day', 'month'];
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
    $$`;
}
