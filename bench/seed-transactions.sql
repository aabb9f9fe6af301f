-- Seeds a client's transaction history through SQL (not the API), to measure lists at scale.
--
--   psql "$DATABASE_URL" -v rows=1000000 -v client_id=UUID -v account_id=UUID -f bench/seed-transactions.sql
--   (optional: -v first=N, the first row number, default 1: a second run for the same client needs a
--    `first` past the previous run's last row, or its ids and end-to-end ids collide)
--
-- The client and account must exist (`npm run cli -- client:create ...`) and the account must be the
-- client's. Rows are a deterministic function of (client_id, row number): no random(), so two runs
-- with the same arguments write the same history. About 1,000,000 rows take a minute or two.
--
-- What the rows look like (all check constraints hold):
--   * type: ~81% cash_out, ~15% cash_in, ~3.5% reversal_in. Each reversal_in returns the cash_out
--     written just before it (row i-1), which is therefore `returned`; its reference is that
--     cash-out's id, its amount the cash-out's amount, its end-to-end id starts with D, as
--     ReturnCashOutUseCase writes them.
--   * status: cash_out completed ~91% / failed ~7% (AC03, AM04, AB03) / queued ~1.5% / processing
--     ~0.5%, or returned; cash_in completed ~98.5% / pending ~1% / expired ~0.5%; reversal_in completed.
--   * created_at: spread evenly over the 365 days before now() (so ~1/12 of the rows in any 30 days),
--     rising with the row number, so the heap is in time order like a real append-only history (a
--     return comes 1 to 73 hours after its cash-out, capped at now()).
--   * end_to_end_id: E (D for returns) + 8-digit ISPB + yyyyMMddHHmm (UTC, of created_at) + 11
--     alphanumerics, unique: the suffix is row number * an odd prime not divisible by 3, mod 36^11,
--     in base 36 (a bijection).
--   * external_id: on ~30% of cash_outs (`ord-<row>`, unique per client and type).
--   * reference: on ~35% of cash_outs a unique invoice number (`INV-yyyymm-<row>`), on ~5% a payroll
--     batch shared by one month's batch (`folha-yyyy-mm`, ~3,300 rows a month at 1,000,000 rows),
--     on reversal_in the returned cash-out's id.
--   * amount: numeric(20,6) with 2 decimals, 2.50 to ~8,100.00, log-uniform; a 1% fee on cash_in.
--
-- Not kept (this is a benchmark seed, not a ledger):
--   * The limit-usage trigger (transactions_limit_usage, migration 1763910000000-limit-usage.ts) is
--     DISABLED around the insert and enabled again in the same database transaction (other sessions
--     wait on the table lock and never see it off). Run per row it costs three upserts per counted
--     row; a seed's made-up history must not count against the account's limits either, so the
--     seeded rows are not in limit_usage.
--   * No ledger entries, postings or cash_outs rows: the balance does not move, a seeded row's list
--     item has `ledger_entries: []`, and GET /pix/cash-out/{id} does not know seeded cash-outs.
-- Use it on a benchmark database only.

\set ON_ERROR_STOP on
\if :{?first}
\else
  \set first 1
\endif
\if :{?rows}
\else
  \echo 'usage: psql -v rows=N -v client_id=UUID -v account_id=UUID [-v first=N] -f bench/seed-transactions.sql'
  \quit
\endif

SELECT count(*) = 1 AS seed_owner_ok FROM accounts WHERE id = :'account_id' AND client_id = :'client_id' \gset
\if :seed_owner_ok
\else
  DO $$ BEGIN RAISE EXCEPTION 'account_id is not an account of client_id'; END $$;
\endif

-- Helpers for this session only (pg_temp): a row's pseudo-random numbers and its end-to-end id suffix.
-- u(h, k): the k-th (0-3) 32-bit slice of an md5 as a fraction in [0, 1).
CREATE FUNCTION pg_temp.u(h text, k int) RETURNS numeric LANGUAGE sql IMMUTABLE
  AS $$ SELECT ('x' || substr(h, 1 + 8 * k, 8))::bit(32)::bigint / 4294967296.0 $$;
-- 11 base-36 digits of (i * 100000000003) mod 36^11: a bijection, so distinct rows get distinct suffixes.
CREATE FUNCTION pg_temp.e2e_suffix(i bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(a, (n / 3656158440062976 % 36)::int + 1, 1)
      || substr(a, (n / 101559956668416 % 36)::int + 1, 1)
      || substr(a, (n / 2821109907456 % 36)::int + 1, 1)
      || substr(a, (n / 78364164096 % 36)::int + 1, 1)
      || substr(a, (n / 2176782336 % 36)::int + 1, 1)
      || substr(a, (n / 60466176 % 36)::int + 1, 1)
      || substr(a, (n / 1679616 % 36)::int + 1, 1)
      || substr(a, (n / 46656 % 36)::int + 1, 1)
      || substr(a, (n / 1296 % 36)::int + 1, 1)
      || substr(a, (n / 36 % 36)::int + 1, 1)
      || substr(a, (n / 1 % 36)::int + 1, 1)
  FROM (SELECT i * 100000000003 % 131621703842267136 AS n, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' AS a) AS x $$;
-- A row's id: its md5 shaped as a version-4 UUID.
CREATE FUNCTION pg_temp.row_id(h text) RETURNS uuid LANGUAGE sql IMMUTABLE
  AS $$ SELECT overlay(overlay(h placing '4' from 13) placing '8' from 17)::uuid $$;

\timing on
BEGIN;
-- Benchmark seed only: see the header. Re-enabled below, before COMMIT.
ALTER TABLE transactions DISABLE TRIGGER transactions_limit_usage;

INSERT INTO transactions (id, client_id, account_id, type, status, external_id, reference, amount, tax_amount,
                          pix_key, pix_key_type, end_to_end_id, payer, receiver, description, channel, metadata,
                          error_code, error_message, processed_at, created_at, updated_at)
WITH own AS (
  SELECT c.id AS client_id, a.id AS account_id, c.name, c.document, a.branch, a.number, a.type AS account_type
  FROM accounts a JOIN clients c ON c.id = a.client_id
  WHERE a.id = :'account_id' AND c.id = :'client_id'
),
-- h: 128 pseudo-random bits of row i (h_prev, h_next: of its neighbours), h2: 128 more.
n AS (
  SELECT i, md5(:'client_id' || ':' || i) AS h, md5(:'client_id' || ':' || (i - 1)) AS h_prev,
         md5(:'client_id' || ':' || (i + 1)) AS h_next, md5(i || ':' || :'client_id') AS h2
  FROM generate_series(:first::bigint, :first::bigint + :rows - 1) AS i
),
-- A row is a return when u(h, 0) < 0.035 and the row before it is not one; the row before a return is
-- the cash-out it returns. Shares: ~3.4% returns, ~3.4% returned cash-outs, the rest 82/18 cash_out/cash_in.
k AS (
  SELECT n.*,
         i > :first AND pg_temp.u(h, 0) < 0.035 AND pg_temp.u(h_prev, 0) >= 0.035 AS is_return,
         pg_temp.u(h_next, 0) < 0.035 AND pg_temp.u(h, 0) >= 0.035 AS is_returned,
         pg_temp.u(h2, 0) AS v0, pg_temp.u(h2, 1) AS v1, pg_temp.u(h2, 2) AS v2, pg_temp.u(h2, 3) AS v3
  FROM n OFFSET 0  -- OFFSET 0: computed once per row, not inlined into every use
),
r AS (
  SELECT k.*,
         CASE WHEN is_return THEN 'reversal_in' WHEN is_returned OR pg_temp.u(h, 2) < 0.82 THEN 'cash_out' ELSE 'cash_in' END AS type,
         -- Row i gets a random instant in the i-th of `rows` equal slices of the last 365 days: the rows are
         -- written oldest first, so the heap is in time order as an append-only table's is in production.
         now() - make_interval(secs => (:first::bigint + :rows - i - pg_temp.u(h, 1)) / :rows * 365 * 86400) AS at,
         now() - make_interval(secs => (:first::bigint + :rows - i + 1 - pg_temp.u(h_prev, 1)) / :rows * 365 * 86400) AS prev_at,
         round((1.5 + exp(pg_temp.u(h, 3) * 9))::numeric, 2) AS amt,
         round((1.5 + exp(pg_temp.u(h_prev, 3) * 9))::numeric, 2) AS prev_amt,
         -- The other side (a cash-out's receiver, a cash-in's payer); a return's is its cash-out's receiver.
         CASE WHEN is_return THEN h_prev ELSE h END AS ph,
         CASE WHEN is_return THEN i - 1 ELSE i END AS pi
  FROM k OFFSET 0
),
p AS (
  SELECT r.*,
         CASE WHEN is_return THEN least(prev_at + interval '1 hour' + make_interval(secs => v0 * 72 * 3600), now()) ELSE at END AS created,
         (ARRAY['00000000', '00360305', '60701190', '60746948', '90400888', '18236120', '00416968', '10573521'])
           [1 + floor(pg_temp.u(ph, 0) * 8)::int] AS other_ispb,
         (ARRAY['Banco do Brasil S.A.', 'Caixa Economica Federal', 'Itau Unibanco S.A.', 'Banco Bradesco S.A.',
                'Banco Santander (Brasil) S.A.', 'Nu Pagamentos S.A.', 'Banco Inter S.A.', 'Mercado Pago'])
           [1 + floor(pg_temp.u(ph, 0) * 8)::int] AS other_bank,
         (ARRAY['Maria Silva', 'Joao Santos', 'Ana Oliveira', 'Pedro Souza', 'Carla Lima', 'Lucas Pereira',
                'Mercado Central Ltda', 'Posto Avenida Ltda', 'Julia Costa', 'Rafael Almeida'])
           [1 + floor(pg_temp.u(substr(ph, 5), 0) * 10)::int] AS other_name,
         lpad((floor(pg_temp.u(substr(ph, 13), 0) * 1e9))::bigint::text, 11, '0') AS other_document,
         CASE WHEN type = 'reversal_in' THEN 'completed'
              WHEN is_returned THEN 'returned'
              WHEN type = 'cash_out' THEN CASE WHEN v0 < 0.91 THEN 'completed' WHEN v0 < 0.98 THEN 'failed'
                                               WHEN v0 < 0.995 THEN 'queued' ELSE 'processing' END
              ELSE CASE WHEN v0 < 0.985 THEN 'completed' WHEN v0 < 0.995 THEN 'pending' ELSE 'expired' END
         END AS status
  FROM r OFFSET 0
),
q AS (
  SELECT p.*,
         jsonb_build_object('name', own.name, 'document', own.document, 'bank', jsonb_build_object(
           'ispb', '99999004', 'participant_name', 'Instant Payments Sandbox', 'agency', own.branch,
           'account', own.number, 'account_type', own.account_type)) AS own_party,
         jsonb_build_object('name', other_name,
           'document', '***.' || substr(other_document, 4, 3) || '.' || substr(other_document, 7, 3) || '-**',
           'bank', jsonb_build_object('ispb', other_ispb, 'participant_name', other_bank, 'agency', '0001',
           'account', lpad((pi % 100000000)::text, 8, '0'), 'account_type', 'checking')) AS other_party,
         own.client_id, own.account_id
  FROM p CROSS JOIN own OFFSET 0
)
SELECT
  pg_temp.row_id(h),
  client_id,
  account_id,
  type,
  status,
  CASE WHEN type = 'cash_out' AND v2 < 0.30 THEN 'ord-' || i END,
  CASE WHEN type = 'reversal_in' THEN pg_temp.row_id(h_prev)::text
       WHEN type = 'cash_out' AND v3 < 0.35 THEN 'INV-' || to_char(created, 'YYYYMM') || '-' || lpad(i::text, 8, '0')
       WHEN type = 'cash_out' AND v3 < 0.40 THEN 'folha-' || to_char(created, 'YYYY-MM')
  END,
  CASE WHEN type = 'reversal_in' THEN prev_amt ELSE amt END,
  CASE WHEN type = 'cash_in' THEN round(amt * 0.01, 2) ELSE 0 END,
  CASE WHEN type <> 'cash_out' OR v1 >= 0.75 THEN NULL
       WHEN v1 < 0.30 THEN 'pagamentos+' || i || '@example.com'
       WHEN v1 < 0.50 THEN '+55119' || lpad((i % 100000000)::text, 8, '0')
       ELSE md5('evp:' || i)::uuid::text END,
  CASE WHEN type <> 'cash_out' OR v1 >= 0.75 THEN NULL WHEN v1 < 0.30 THEN 'EMAIL' WHEN v1 < 0.50 THEN 'PHONE' ELSE 'EVP' END,
  CASE type WHEN 'cash_in' THEN 'E' || other_ispb WHEN 'reversal_in' THEN 'D' || other_ispb ELSE 'E99999004' END
    || to_char(created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || pg_temp.e2e_suffix(i),
  CASE WHEN type = 'cash_out' THEN own_party ELSE other_party END,
  CASE WHEN type = 'cash_out' THEN other_party ELSE own_party END,
  CASE WHEN type = 'reversal_in'
       THEN 'Return of E99999004' || to_char(prev_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || pg_temp.e2e_suffix(i - 1)
       WHEN v2 >= 0.70 THEN 'Pagamento ' || i END,
  'api',
  CASE WHEN type = 'reversal_in'
       THEN jsonb_build_object('original_end_to_end_id',
              'E99999004' || to_char(prev_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || pg_temp.e2e_suffix(i - 1), 'psp', '99999004') END,
  CASE WHEN status = 'failed' THEN (ARRAY['AC03', 'AM04', 'AB03'])[1 + floor(v3 * 3)::int] END,
  CASE WHEN status = 'failed' THEN (ARRAY['Invalid creditor account number', 'Insufficient funds at the receiving institution',
                                          'Timeout: the receiving institution did not answer'])[1 + floor(v3 * 3)::int] END,
  CASE WHEN status IN ('completed', 'returned') THEN created + make_interval(secs => 0.1 + v1 * 2) END,
  created,
  CASE WHEN status IN ('queued', 'pending') THEN created ELSE created + make_interval(secs => 0.1 + v1 * 2) END
FROM q;

ALTER TABLE transactions ENABLE TRIGGER transactions_limit_usage;
COMMIT;

-- Statistics for the planner, and the visibility map for index-only scans (what autovacuum does a
-- little later on its own after a bulk insert; done now so the benchmark does not race it).
VACUUM (ANALYZE) transactions;

SELECT type, status, count(*) FROM transactions WHERE client_id = :'client_id' GROUP BY 1, 2 ORDER BY 1, 3 DESC;
