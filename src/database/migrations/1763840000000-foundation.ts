import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Identity, ledger, transactions and outbox: the foundation every capability builds on. */
export class Foundation1763840000000 implements MigrationInterface {
  name = 'Foundation1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clients (
        id uuid PRIMARY KEY,
        name varchar(140) NOT NULL,
        document varchar(14) NOT NULL UNIQUE,
        person_type varchar(16) NOT NULL CHECK (person_type IN ('NATURAL_PERSON', 'LEGAL_PERSON')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE SEQUENCE account_number_seq START 100001;
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        branch varchar(4) NOT NULL,
        number varchar(20) NOT NULL UNIQUE,
        type varchar(16) NOT NULL,
        is_default boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX uq_accounts_default ON accounts (client_id) WHERE is_default;
      CREATE TABLE admins (
        id uuid PRIMARY KEY,
        name varchar(140) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE api_keys (
        key_id varchar(64) PRIMARY KEY,
        owner_kind varchar(8) NOT NULL CHECK (owner_kind IN ('client', 'admin')),
        owner_id uuid NOT NULL,
        secret_hash varchar(64) NOT NULL,
        scopes text[] NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX ix_api_keys_owner ON api_keys (owner_id);

      CREATE TABLE ledger_accounts (
        id uuid PRIMARY KEY REFERENCES accounts(id),
        client_id uuid NOT NULL REFERENCES clients(id),
        available numeric(20,6) NOT NULL DEFAULT 0 CHECK (available >= 0),
        blocked numeric(20,6) NOT NULL DEFAULT 0 CHECK (blocked >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE journals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        transaction_id uuid,
        description varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX ix_journals_transaction ON journals (transaction_id);
      CREATE TABLE postings (
        id bigserial PRIMARY KEY,
        journal_id uuid NOT NULL REFERENCES journals(id),
        account_id uuid REFERENCES ledger_accounts(id),
        internal_account varchar(32),
        bucket varchar(16) NOT NULL CHECK (bucket IN ('available', 'blocked')),
        amount numeric(20,6) NOT NULL,
        CHECK ((account_id IS NULL) <> (internal_account IS NULL))
      );
      CREATE INDEX ix_postings_journal ON postings (journal_id);
      CREATE INDEX ix_postings_account ON postings (account_id);
      CREATE TABLE ledger_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        journal_id uuid NOT NULL REFERENCES journals(id),
        transaction_id uuid,
        account_id uuid NOT NULL REFERENCES ledger_accounts(id),
        operation_type varchar(16) NOT NULL,
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        status varchar(16) NOT NULL DEFAULT 'posted',
        available_before numeric(20,6) NOT NULL,
        available_after numeric(20,6) NOT NULL,
        blocked_before numeric(20,6) NOT NULL,
        blocked_after numeric(20,6) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX ix_ledger_entries_transaction ON ledger_entries (transaction_id);
      CREATE INDEX ix_ledger_entries_account_created ON ledger_entries (account_id, created_at);

      CREATE TABLE transactions (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        type varchar(16) NOT NULL,
        status varchar(16) NOT NULL,
        external_id varchar(100),
        reference varchar(140),
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        tax_amount numeric(20,6) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
        pix_key varchar(100),
        pix_key_type varchar(8),
        end_to_end_id varchar(32),
        payer jsonb,
        receiver jsonb,
        description varchar(500),
        channel varchar(16) NOT NULL,
        metadata jsonb,
        error_code varchar(16),
        error_message varchar(300),
        processed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX uq_transactions_external_id ON transactions (client_id, type, external_id) WHERE external_id IS NOT NULL;
      CREATE INDEX ix_transactions_client_created ON transactions (client_id, created_at DESC);
      CREATE INDEX ix_transactions_e2e ON transactions (end_to_end_id);
      CREATE INDEX ix_transactions_client_reference ON transactions (client_id, reference);
      CREATE INDEX ix_transactions_account_type_created ON transactions (account_id, type, created_at);

      CREATE TABLE outbox_messages (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL DEFAULT gen_random_uuid(),
        event_type varchar(80) NOT NULL,
        aggregate_id varchar(64) NOT NULL,
        client_id uuid,
        payload jsonb NOT NULL,
        webhook boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      );
      CREATE INDEX ix_outbox_unpublished ON outbox_messages (id) WHERE published_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE outbox_messages; DROP TABLE transactions; DROP TABLE ledger_entries; DROP TABLE postings;
      DROP TABLE journals; DROP TABLE ledger_accounts; DROP TABLE api_keys; DROP TABLE admins;
      DROP TABLE accounts; DROP SEQUENCE account_number_seq; DROP TABLE clients;
    `);
  }
}
