import { StatementDownloads } from './statement-downloads.js';

describe('StatementDownloads', () => {
  const downloads = () => new StatementDownloads({ statementDownloads: { perClient: 2, perProcess: 3, stallMs: 1000 } });

  it("refuses a client's download past its share, and anyone's past the process's, with 429 and Retry-After", () => {
    const d = downloads();
    d.enter('a');
    const leaveA = d.enter('a');
    expect(() => d.enter('a')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED', retryAfterSeconds: 10 }));
    d.enter('b');
    expect(() => d.enter('c')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    expect(d.inProgress).toBe(3);
    leaveA();
    d.enter('c');
    expect(d.inProgress).toBe(3);
  });

  it('gives a place back once, however often the end is reported', () => {
    const d = downloads();
    const leave = d.enter('a');
    d.enter('a');
    leave();
    leave();
    expect(d.inProgress).toBe(1);
    d.enter('a');
    expect(() => d.enter('a')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
  });
});
