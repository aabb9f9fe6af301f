import type { DeliveryErrorCategory } from '../../domain/delivery-error.js';

import { codedError, TARGET_REFUSED, TRY_TIMED_OUT } from '../../../../shared/outbound/guarded-https.js';

/** The kernel's outbound guard raises these: a target refused before connecting, a try past WEBHOOK_TIMEOUT_MS. */
export { codedError, TARGET_REFUSED, TRY_TIMED_OUT };

const TIMEOUT = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ETIME', 'UND_ERR_CONNECT_TIMEOUT']);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ENOTIMP', 'EREFUSED']);
/** OpenSSL certificate verification codes (Node passes them as `code`) and TLS protocol failures. */
const TLS_CODE =
  /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|INVALID_CA$|INVALID_PURPOSE$|HOSTNAME_MISMATCH$|EPROTO$)/;
/** request-filtering-agent's refusal (a plain Error without a code): "DNS lookup <ip>(...) is not allowed. ..." */
const AGENT_REFUSAL = /^DNS lookup .* is not allowed\b/;

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The delivery log's category for a failed connection or request (the one place Node errors are mapped):
 * by the error's `code`, an AggregateError (Happy Eyeballs tried several addresses) by its first error with
 * a code, anything unrecognised `network_error`. The error's message is never carried over.
 */
export function networkErrorCategory(err: unknown): DeliveryErrorCategory {
  let code = codeOf(err);
  if (!code && err instanceof AggregateError) code = (err.errors as unknown[]).map(codeOf).find((c) => c !== undefined);
  if (code === TARGET_REFUSED) return 'address_refused';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code && TIMEOUT.has(code)) return 'timeout';
  if (code && DNS.has(code)) return 'dns_failure';
  if (code && TLS_CODE.test(code)) return 'tls_error';
  if (!code && err instanceof Error && AGENT_REFUSAL.test(err.message)) return 'address_refused';
  return 'network_error';
}
