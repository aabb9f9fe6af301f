import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';

interface Row {
  keyPem: string;
  certPem: string;
}

/**
 * Table `payload_signing_keys`: the development signing key of each PIX_QR_BASE_URL host, made by the first
 * process that needs it. Two processes starting at once both make one; the first insert wins and both read
 * it back, so every process of the deployment signs with the same key.
 */
@Injectable()
export class SqlDevelopmentKeys {
  constructor(private readonly sql: SqlSession) {}

  async getOrCreate(host: string, make: () => Promise<Row>, now: Date): Promise<Row> {
    const found = await this.find(host);
    if (found) return found;
    const made = await make();
    await this.sql.write(
      `INSERT INTO payload_signing_keys (host, private_key_pem, certificate_pem, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (host) DO NOTHING`,
      [host, made.keyPem, made.certPem, now],
    );
    const kept = await this.find(host);
    if (!kept) throw new Error(`payload_signing_keys: no key kept for ${host}`);
    return kept;
  }

  private async find(host: string): Promise<Row | null> {
    const [row] = await this.sql.read<Row>(
      `SELECT private_key_pem AS "keyPem", certificate_pem AS "certPem" FROM payload_signing_keys WHERE host = $1`,
      [host],
    );
    return row ?? null;
  }
}
