/**
 * Why a try got no HTTP answer, as the delivery log shows it: a small closed set, never the network
 * error's own text (which names the addresses resolved and connected to, and would make the log a probe
 * of the service's network). `signing_secret_unavailable`: nothing was sent, as no configured key opens
 * the webhook's stored secret (rotating the secret mends it).
 */
export const DELIVERY_ERROR_CATEGORIES = [
  'timeout',
  'connection_refused',
  'dns_failure',
  'tls_error',
  'address_refused',
  'network_error',
  'signing_secret_unavailable',
] as const;
export type DeliveryErrorCategory = (typeof DELIVERY_ERROR_CATEGORIES)[number];

export function isDeliveryErrorCategory(value: string): value is DeliveryErrorCategory {
  return (DELIVERY_ERROR_CATEGORIES as readonly string[]).includes(value);
}

/** A try that got an answer other than 2xx. */
export const httpStatusError = (status: number) => `HTTP ${status}`;
const HTTP_STATUS_ERROR = /^HTTP \d{3}$/;
/** Why a pending delivery was given up (WebhookDelivery.abandon): the service's own words, no address. */
const ABANDON_REASON = /^webhook (deleted|disabled: [a-z0-9 ]*)$/i;

/**
 * What the API shows of a stored error: a category, `HTTP <status>` or an abandon reason as they are;
 * anything else (rows recorded before the categories, which hold Node's raw message) is mapped to a
 * category here, at read time, so no raw text ever reaches a client.
 */
export function shownDeliveryError(stored: string | null): string | null {
  if (stored === null) return null;
  if (isDeliveryErrorCategory(stored) || HTTP_STATUS_ERROR.test(stored) || ABANDON_REASON.test(stored)) return stored;
  if (/no answer within|ETIMEDOUT|ESOCKETTIMEDOUT|timed? ?out/i.test(stored)) return 'timeout';
  if (/ECONNREFUSED/.test(stored)) return 'connection_refused';
  if (/ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NODATA|EAI_NONAME|getaddrinfo/.test(stored)) return 'dns_failure';
  if (/is not allowed/i.test(stored)) return 'address_refused';
  if (/CERT|TLS|SSL|EPROTO|certificate|self[- ]signed|UNABLE_TO_/i.test(stored)) return 'tls_error';
  return 'network_error';
}
