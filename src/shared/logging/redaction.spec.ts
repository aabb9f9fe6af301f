import { errorForLog, redactUrl } from './redaction.js';

describe('log redaction', () => {
  it('hides Pix key values in key paths and every query value', () => {
    expect(redactUrl('/api/v1/pix/keys/maria%40example.com')).toBe('/api/v1/pix/keys/[redacted]');
    expect(redactUrl('/api/v1/pix/keys/52998224725?reason=USER_REQUESTED')).toBe('/api/v1/pix/keys/[redacted]?reason=[redacted]');
    expect(redactUrl('/api/v1/transactions?e2e=E123&limit=5')).toBe('/api/v1/transactions?e2e=[redacted]&limit=[redacted]');
    expect(redactUrl('/api/v1/pix/keys')).toBe('/api/v1/pix/keys');
    expect(redactUrl('/api/v1/pix/balance')).toBe('/api/v1/pix/balance');
  });

  it("logs a failed query's class, SQLSTATE and message, never its SQL, parameters or detail", () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "clients_document_key"'), {
      name: 'QueryFailedError',
      query: 'INSERT INTO clients (name, document) VALUES ($1, $2)',
      parameters: ['Maria Souza', '52998224725'],
      driverError: { code: '23505', detail: 'Key (document)=(52998224725) already exists.' },
    });
    const logged = JSON.stringify(errorForLog(err));
    expect(logged).toContain('QueryFailedError');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('52998224725');
    expect(logged).not.toContain('Maria');
    expect(logged).not.toContain('INSERT INTO');
  });
});
