/** One public key of the signing key set, as `GET <prefix>/qr/v2/jwks` publishes it (RFC 7517, with its chain). */
export interface PublishedKey {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  use: 'sig';
  alg: 'RS256';
  /** The certificate chain, leaf first, each certificate's DER in base64 (RFC 7517 §4.7). */
  x5c: string[];
  'x5t#S256': string;
}

/**
 * Port: signs the payloads of our dynamic QR codes as a compact JWS of this institution (RS256; protected
 * header `alg`, `typ` `JWS`, `kid`, `jku`, `x5t#S256`: docs/adr/0206-payload-signing-key.md) and publishes the
 * public keys a payer's institution verifies them with.
 */
export abstract class PayloadSigner {
  abstract sign(payload: object): Promise<string>;
  /** The current key first, then retired ones still published during a rotation. */
  abstract keySet(): Promise<{ keys: PublishedKey[] }>;
}
