/**
 * The one table of error codes: each code's HTTP status, the section of docs/errors.md it belongs to,
 * and when it is answered. The status table, the OpenAPI document's error responses (per operation) and
 * docs/errors.md are all derived from it, so they cannot disagree (tests keep the derived files fresh).
 */
export const ERROR_GROUPS = {
  auth: 'Authentication and access',
  input: 'Input',
  not_found: "Not found (also answered for other clients' records)",
  keys: 'Pix keys',
  payments: 'Money and payments',
  qr: 'QR codes',
  limits: 'Limits',
  webhooks: 'Webhooks',
  other: 'Conflicts and other',
} as const;

export type ErrorGroup = keyof typeof ERROR_GROUPS;

/**
 * Where a code is answered that no API operation lists: `router` (a path or method that is no operation),
 * `fallback` (an HTTP exception without a code of ours), `cli` (the command line only), `invariant` (a
 * guard no request can reach; seen, it is a bug) or `api-pix` (only through API Pix, which renders it as
 * that API's problem details, docs/api-pix.md). Every other code is listed by some operation (a test).
 */
export type AnsweredOutside = 'router' | 'fallback' | 'cli' | 'invariant' | 'api-pix';

export interface ErrorCodeInfo {
  status: number;
  group: ErrorGroup;
  /** When it is answered (Markdown). */
  when: string;
  answeredOutside?: AnsweredOutside;
}

export const ERROR_CATALOG = {
  UNAUTHORIZED: { status: 401, group: 'auth', when: 'no bearer token (or no credentials at all)' },
  INVALID_TOKEN: {
    status: 401,
    group: 'auth',
    when: 'malformed, expired or wrongly signed token, `alg: none`, or a token whose API key was revoked',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    group: 'auth',
    when: 'unknown `x-key-id`, wrong `x-secret-key`, revoked key, or missing API-key headers',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    group: 'auth',
    when: 'valid token without the scope the endpoint needs, or an API Pix token (it holds no client API scope) on any client API endpoint',
  },
  FORBIDDEN: { status: 403, group: 'auth', when: 'an admin token on a client endpoint, or a client token on an admin endpoint' },
  INVALID_SCOPE: {
    status: 400,
    group: 'auth',
    when: 'a token or key asks for a scope the key does not hold (or a client key for an admin scope)',
  },
  RATE_LIMITED: {
    status: 429,
    group: 'auth',
    when: "the per-client budget (`RATE_LIMIT_PER_MINUTE`) or the look-up budget is spent, or (statements) your downloads or the server's at once are at their limit; see `Retry-After`",
  },
  VALIDATION_ERROR: {
    status: 400,
    group: 'input',
    when: 'a field is missing, malformed, of the wrong type (`null` included), or not allowed; `details` names each field. Also: a body that is not a JSON object, nested deeper than 16 levels, with more than 2,000 keys and elements, with a NUL character anywhere or a `__proto__`, `constructor` or `prototype` key; a control character in free text',
  },
  AMOUNT_TOO_LARGE: {
    status: 400,
    group: 'input',
    when: 'the amount would take a balance or a total beyond what an account can hold (14 integer digits)',
  },
  MALFORMED_JSON: { status: 400, group: 'input', when: 'the body is not valid JSON' },
  BAD_REQUEST: { status: 400, group: 'input', when: 'the body could not be read for another reason' },
  PAYLOAD_TOO_LARGE: { status: 413, group: 'input', when: 'the body is over 1 MiB' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, group: 'input', when: "the body's content type cannot be read" },
  ROUTE_NOT_FOUND: { status: 404, group: 'input', when: 'no such method and path', answeredOutside: 'router' },
  METHOD_NOT_ALLOWED: { status: 405, group: 'input', when: 'the path exists but not with this method', answeredOutside: 'router' },
  INVALID_DATE_RANGE: {
    status: 400,
    group: 'input',
    when: 'transaction list, charge list, statement, balance history: `date_from` is after `date_to` (charge list: or `due_date_from` after `due_date_to`)',
  },
  DATE_RANGE_TOO_LARGE: {
    status: 400,
    group: 'input',
    when: 'transaction list: the range spans more than 30 days; statement, balance history: more than 366 days',
  },
  INVALID_IDEMPOTENCY_KEY: { status: 400, group: 'input', when: '`X-Idempotency-Key` is not a UUID' },
  INVALID_DOCUMENT: {
    status: 400,
    group: 'input',
    when: 'CLI: the document is not a CPF or CNPJ with valid check digits',
    answeredOutside: 'cli',
  },
  MEI_REQUIRES_CNPJ: {
    status: 400,
    group: 'input',
    when: 'CLI: `--mei` given for a CPF (a MEI has a CNPJ)',
    answeredOutside: 'cli',
  },
  NOT_FOUND: { status: 404, group: 'not_found', when: 'a record that has no more specific code', answeredOutside: 'cli' },
  CLIENT_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such client' },
  ACCOUNT_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such account of yours' },
  TRANSACTION_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such transaction of yours' },
  CASH_OUT_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such cash-out of yours' },
  CASH_IN_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such charge of yours' },
  PIX_KEY_NOT_REGISTERED: { status: 404, group: 'not_found', when: 'the key directory has no such key, or you hold no such key (delete)' },
  LIMIT_REQUEST_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such limit request of yours' },
  REVERSAL_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such reversal of yours' },
  MED_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such MED request of yours' },
  WEBHOOK_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such webhook of yours' },
  DELIVERY_NOT_FOUND: { status: 404, group: 'not_found', when: 'no such webhook delivery of yours' },
  INVALID_PIX_KEY: {
    status: 400,
    group: 'keys',
    when: '`key_value` does not have the syntax of `key_type` (check digits, lower-case e-mail of at most 77 characters, `+55` phone)',
  },
  KEY_OWNER_MISMATCH: { status: 400, group: 'keys', when: "a CPF/CNPJ key that is not the holder's own document" },
  KEY_LIMIT_REACHED: { status: 400, group: 'keys', when: 'the account already holds 5 active keys (natural person) or 20 (legal person)' },
  KEY_ALREADY_EXISTS: { status: 409, group: 'keys', when: "the key is held by an account (another client's, or already yours)" },
  INSUFFICIENT_FUNDS: { status: 400, group: 'payments', when: 'the available balance does not cover the amount' },
  INSUFFICIENT_BLOCKED_FUNDS: {
    status: 400,
    group: 'payments',
    when: 'internal: a capture or release larger than what is blocked (a bug if ever seen)',
    answeredOutside: 'invariant',
  },
  LIMIT_EXCEEDED: {
    status: 400,
    group: 'payments',
    when: 'the amount does not fit the daytime/nighttime, daily or monthly cap; `details` lists each cap broken',
  },
  PIX_KEY_NOT_FOUND: { status: 400, group: 'payments', when: 'cash-out Flow 1 or a static QR: the key directory has no such key' },
  UNKNOWN_PARTICIPANT: { status: 400, group: 'payments', when: 'cash-out Flow 2: `receiver_ispb` is not in the Pix participant list' },
  RECEIVER_ACCOUNT_NOT_FOUND: { status: 400, group: 'payments', when: 'cash-out Flow 2 to this institution: no such branch/account' },
  RECEIVER_DOCUMENT_MISMATCH: {
    status: 400,
    group: 'payments',
    when: "cash-out Flow 2 to this institution: `receiver_document` is not the account holder's",
  },
  SAME_ACCOUNT: { status: 400, group: 'payments', when: 'the recipient is the paying account itself' },
  TXID_IN_USE: {
    status: 409,
    group: 'payments',
    when: 'API Pix `PUT /cob/{txid}` with a txid one of your charges already has (answered as `CobOperacaoInvalida`)',
    answeredOutside: 'api-pix',
  },
  DUPLICATE_EXTERNAL_ID: { status: 409, group: 'payments', when: '`external_id` already used by you for this kind of resource' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, group: 'payments', when: 'the first request with this idempotency key is still running' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, group: 'payments', when: 'the idempotency key was used with a different request' },
  REFUND_EXCEEDS_AVAILABLE: {
    status: 400,
    group: 'payments',
    when: 'a reversal asks for more than what is left of the payment after earlier reversals',
  },
  REFUND_CODE_NOT_APPLICABLE: {
    status: 400,
    group: 'payments',
    when: 'a reversal with refund code SL02 of a payment that paid no Pix Saque or Pix Troco charge',
  },
  REVERSAL_WINDOW_CLOSED: { status: 400, group: 'payments', when: 'a reversal of a payment received more than 90 days ago' },
  ORIGINAL_PAYMENT_NOT_FOUND: {
    status: 400,
    group: 'payments',
    when: 'a reversal names an end-to-end id that is not a completed payment you received (`cash_in` or `p2p_in`)',
  },
  INVALID_STATE_TRANSITION: { status: 400, group: 'payments', when: 'the record is not in a state that allows this move' },
  MED_AMOUNT_EXCEEDS_PAYMENT: { status: 400, group: 'payments', when: "sandbox MED: `amount` is more than the payment's amount" },
  MED_CLAIM_WINDOW_CLOSED: {
    status: 400,
    group: 'payments',
    when: 'sandbox MED: the payment was received more than `MED_CLAIM_WINDOW_DAYS` (80) days ago',
  },
  CASH_OUT_NOT_RETURNABLE: {
    status: 400,
    group: 'payments',
    when: 'sandbox return: the cash-out is not `completed`, was already returned, or was settled on-us',
  },
  INVALID_BR_CODE: {
    status: 400,
    group: 'qr',
    when: 'the payload is not a valid BR Code; the message names the EMV field (e.g. `63 (CRC)`)',
  },
  QR_PAYLOAD_UNAVAILABLE: {
    status: 400,
    group: 'qr',
    when: "the URL of a dynamic QR cannot be fetched (no such charge of ours; another institution's server or key set refused, unreachable, too slow or too large)",
  },
  QR_SIGNATURE_INVALID: {
    status: 400,
    group: 'qr',
    when: "another institution's QR payload is not a JWS it signed: a header that is not RS256/PS256 (`none`, HMAC...), a `jku` that is not https on the payload's host, a `kid` not in its key set, a bad signature or a tampered payload",
  },
  QR_CERTIFICATE_UNTRUSTED: {
    status: 400,
    group: 'qr',
    when: "the certificate behind another institution's QR payload signature does not chain up to a trusted root (`PIX_QR_TRUST_ROOTS`), is not valid now, does not cover the payload's host, or is not the key's",
  },
  QR_PAYLOAD_INVALID: {
    status: 400,
    group: 'qr',
    when: "another institution's signed QR payload is not a CobPayload/CobVPayload of the API Pix (a field not of its schema's type, length or format, or one the service reads missing, named in the issue), its `recebedor` is not the key's holder, its txid differs from the code's field 62-05, or it names a Pix key held at this institution (whose charges are read only at its own locations)",
  },
  QR_CODE_EXPIRED: { status: 400, group: 'qr', when: 'the charge behind a dynamic QR (or being paid) has expired' },
  CHARGE_NOT_PAYABLE: {
    status: 400,
    group: 'qr',
    when: "the charge behind a dynamic QR (or being paid) is cancelled or paid, or another institution's location of it answers 410 Gone",
  },
  CHARGE_NOT_PENDING: { status: 400, group: 'qr', when: 'cancelling a charge that is not `pending` (paid, cancelled or expired)' },
  LOOKUP_NOT_FOUND: { status: 400, group: 'qr', when: '`X-Pix-Lookup-E2E` is not one of your decodes' },
  LOOKUP_EXPIRED: { status: 400, group: 'qr', when: 'the decode is older than 30 minutes' },
  LOOKUP_ALREADY_USED: { status: 409, group: 'qr', when: 'the decode was already paid' },
  AMOUNT_MISMATCH: {
    status: 400,
    group: 'qr',
    when: 'the QR fixes the amount (or the final amount of a due-date charge) and `amount` differs',
  },
  PENDING_REQUEST_EXISTS: { status: 409, group: 'limits', when: 'a pending request already exists for this account, type and period' },
  LIMIT_REQUEST_NOT_PENDING: {
    status: 409,
    group: 'limits',
    when: 'approving or rejecting a request that is not pending (decided or expired)',
  },
  FEE_TYPE_NOT_SUPPORTED: {
    status: 400,
    group: 'limits',
    when: 'admin: a fee rule for a transaction type no payment charges yet (only `cash_in` today)',
  },
  WEBHOOK_TARGET_NOT_ALLOWED: {
    status: 400,
    group: 'webhooks',
    when:
      'the webhook URL is not HTTPS, carries credentials, or its host does not resolve or resolves to a loopback, private, ' +
      'link-local, CGNAT, multicast or metadata address',
  },
  WEBHOOK_LIMIT_REACHED: { status: 400, group: 'webhooks', when: 'you already hold 10 webhooks; delete one first' },
  DELIVERY_ALREADY_DELIVERED: { status: 409, group: 'webhooks', when: 'resending a delivery that already got a 2xx answer' },
  CONFLICT: { status: 409, group: 'other', when: 'a conflict without a more specific code', answeredOutside: 'fallback' },
  CLIENT_ALREADY_EXISTS: { status: 400, group: 'other', when: 'CLI: a client with this document exists', answeredOutside: 'cli' },
  MED_ALREADY_RESPONDED: {
    status: 409,
    group: 'other',
    when: 'the MED request was already answered (approved or rejected), or closed unanswered past its deadline',
  },
  MED_ALREADY_EXISTS: { status: 409, group: 'other', when: 'sandbox MED: the payment already has a MED request (one per payment)' },
  INTERNAL_ERROR: { status: 500, group: 'other', when: 'a bug; the body never shows internals, quote `request_id`' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    group: 'other',
    when: 'a dependency (Postgres, Redis) is unreachable or busy, or a bounded queue is full (QR images of charges); `Retry-After` says when to try again',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOG, code);
}
