import { boardPermission, pathUnderBoard } from './board-permission.js';

describe('boardPermission', () => {
  it('reading the page, its assets and the API needs the read scope', () => {
    for (const path of ['/', '/static/favicon.ico', '/api/queues', '/api/queues/settlement/42', '/api/redis/stats']) {
      expect(boardPermission('GET', path)).toBe('read');
    }
  });

  it('retry, promote, clean, pause and resume need the write scope', () => {
    for (const path of [
      '/api/queues/pause',
      '/api/queues/resume',
      '/api/queues/settlement/pause',
      '/api/queues/settlement/resume',
      '/api/queues/settlement/promote',
      '/api/queues/settlement/retry/failed',
      '/api/queues/settlement/clean/completed',
      '/api/queues/settlement/42/retry',
      '/api/queues/settlement/42/promote',
      '/api/queues/settlement/42/clean',
    ]) {
      expect([path, boardPermission('PUT', path)]).toEqual([path, 'write']);
    }
  });

  it('adding jobs, editing job data, emptying or obliterating a queue and anything unknown are refused for everyone', () => {
    const never: [string, string][] = [
      ['POST', '/api/queues/settlement/add'],
      ['PATCH', '/api/queues/settlement/42/update-data'],
      ['PATCH', '/api/queues/settlement/42/delay'],
      ['PATCH', '/api/queues/settlement/42/priority'],
      ['PUT', '/api/queues/settlement/empty'],
      ['PUT', '/api/queues/settlement/obliterate'],
      ['PUT', '/api/queues/settlement/concurrency'],
      ['PUT', '/api/queues/settlement/rate-limit'],
      ['PUT', '/api/queues/settlement/job-schedulers/x/run'],
      ['POST', '/api/metrics/history/purge'],
      ['DELETE', '/api/queues/settlement/42'],
      ['PUT', '/api/queues/settlement/42/retry/extra'],
    ];
    for (const [method, path] of never) expect([method, path, boardPermission(method, path)]).toEqual([method, path, 'never']);
  });
});

describe('pathUnderBoard', () => {
  it("gives a request's path under the board's mount point, without the query", () => {
    expect(pathUnderBoard('/admin/queues')).toBe('/');
    expect(pathUnderBoard('/admin/queues/')).toBe('/');
    expect(pathUnderBoard('/admin/queues/sign-in?next=x')).toBe('/sign-in');
    expect(pathUnderBoard('/admin/queues/api/queues?activeQueue=webhooks')).toBe('/api/queues');
  });
});
