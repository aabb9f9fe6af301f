import { isCrossSiteWrite } from './cross-site.js';

const from = (headers: Record<string, string>) => (name: string) => headers[name];
const HOST = { host: 'pix.example:8443' };

describe('isCrossSiteWrite', () => {
  it('never refuses a read', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(isCrossSiteWrite(method, from({ ...HOST, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }))).toBe(false);
    }
  });

  it('judges a change by Sec-Fetch-Site first: only same-origin (or none, typed by the user) passes', () => {
    expect(isCrossSiteWrite('PUT', from({ ...HOST, 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSiteWrite('PUT', from({ ...HOST, 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isCrossSiteWrite('PUT', from({ ...HOST, 'sec-fetch-site': 'same-site' }))).toBe(true);
    expect(isCrossSiteWrite('POST', from({ ...HOST, 'sec-fetch-site': 'cross-site', origin: 'https://pix.example:8443' }))).toBe(true);
  });

  it("else by Origin, whose host must be the request's Host", () => {
    expect(isCrossSiteWrite('PATCH', from({ ...HOST, origin: 'https://pix.example:8443' }))).toBe(false);
    expect(isCrossSiteWrite('PATCH', from({ ...HOST, origin: 'https://pix.example' }))).toBe(true);
    expect(isCrossSiteWrite('PUT', from({ ...HOST, origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSiteWrite('PUT', from({ ...HOST, origin: 'null' }))).toBe(true);
  });

  it('lets a request with neither through: not a browser acting on its own', () => {
    expect(isCrossSiteWrite('PUT', from(HOST))).toBe(false);
  });
});
