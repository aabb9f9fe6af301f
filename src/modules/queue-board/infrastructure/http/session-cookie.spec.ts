import { clearedSessionCookie, sessionCookie, sessionIdFrom } from './session-cookie.js';

describe('the board session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for the board paths only, with a lifetime; Secure over HTTPS', () => {
    expect(sessionCookie('abc', 900, false)).toBe('queue_board_session=abc; Max-Age=900; Path=/admin/queues; HttpOnly; SameSite=Strict');
    expect(sessionCookie('abc', 900, true)).toBe(
      'queue_board_session=abc; Max-Age=900; Path=/admin/queues; HttpOnly; SameSite=Strict; Secure',
    );
    expect(clearedSessionCookie(true)).toBe('queue_board_session=; Max-Age=0; Path=/admin/queues; HttpOnly; SameSite=Strict; Secure');
  });

  it('is read from a Cookie header among others, the first of its name', () => {
    expect(sessionIdFrom('queue_board_session=abc')).toBe('abc');
    expect(sessionIdFrom('theme=dark; queue_board_session=abc ; other=1')).toBe('abc');
    expect(sessionIdFrom('queue_board_session=first; queue_board_session=second')).toBe('first');
    expect(sessionIdFrom('x_queue_board_session=abc; queue_board_session_x=def')).toBeUndefined();
    expect(sessionIdFrom('queue_board_session')).toBeUndefined();
    expect(sessionIdFrom('')).toBeUndefined();
    expect(sessionIdFrom(undefined)).toBeUndefined();
  });
});
