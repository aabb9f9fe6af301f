import type { Response } from 'express';

/**
 * Headers of every answer under the board, an admin screen: never cached, never framed by another page
 * (clickjacking). `csp` is the page's whole Content-Security-Policy; Bull Board's own pages get only
 * `frame-ancestors`, since its bundle is not ours to pin down.
 */
export function adminScreen(res: Response, csp = "frame-ancestors 'none'"): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', csp);
}
