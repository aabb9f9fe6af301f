import type { MerchantCharge, PayloadLocation } from '../../../cash-in/application/merchant-charges.js';

/**
 * A location's URL as API Pix writes it: with its scheme, as a charge's own `location` is written
 * (`format: uri`), its token in place of a charge's id (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
 */
export function locUrlOf(pixQrBaseUrl: string, l: PayloadLocation): string {
  return `https://${pixQrBaseUrl.replace(/\/+$/, '')}/qr/v2/${l.kind === 'dueDate' ? 'cobv/' : ''}${l.accessToken}`;
}

/** `PayloadLocation` / `PayloadLocationCompleta`: `txid` while a charge is linked to it. */
export function presentLoc(pixQrBaseUrl: string, l: PayloadLocation): Record<string, unknown> {
  return {
    id: l.id,
    ...(l.txid !== null ? { txid: l.txid } : {}),
    location: locUrlOf(pixQrBaseUrl, l),
    tipoCob: l.kind === 'dueDate' ? 'cobv' : 'cob',
    criacao: l.createdAt.toISOString(),
  };
}

/**
 * A charge's `location` and `loc` in a `cob` / `cobv` answer. Its own location: `location` alone (no location
 * entity is made for it). At an API Pix location still linked: that location's URL and `loc`. Unlinked
 * (`DELETE /loc/{id}/txid`): the spec says the charge no longer shows a location, which `cob` follows (`location`
 * and `loc` left out); `cobv`'s schema requires `location` (`required`), so a `cobv` shows the URL it was issued at
 * (`keepUnlinked`), which serves nothing.
 */
export function chargeLocationFields(c: MerchantCharge, pixQrBaseUrl: string, own: string, keepUnlinked: boolean): Record<string, unknown> {
  const at = c.location;
  if (at.kind === 'own') return { location: own };
  const location = locUrlOf(pixQrBaseUrl, at.location);
  if (at.kind === 'unlinked') return keepUnlinked ? { location } : {};
  // spec, CobGerada.loc: `id`, `txid`, `tipoCob`, `criacao` required.
  return { location, loc: { ...presentLoc(pixQrBaseUrl, at.location), txid: c.txid } };
}
