import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/time/clock.js';
import { PayloadLocationRepository, type LocationFilter, type LocationKind, type PayloadLocation } from './payload-location.repository.js';

export type { LocationFilter, LocationKind, PayloadLocation };

/**
 * API Pix's `loc`: the client's own payload locations, made before their charges and linked to one by
 * `loc.id` at the charge's creation (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
 */
@Injectable()
export class PayloadLocations {
  constructor(
    private readonly locations: PayloadLocationRepository,
    private readonly clock: Clock,
  ) {}

  /** A free location of `kind`, its URL ending with a random token. */
  create(clientId: string, kind: LocationKind): Promise<PayloadLocation> {
    return this.locations.insert({ clientId, accessToken: randomUUID(), kind, createdAt: this.clock.now() });
  }

  find(clientId: string, id: number): Promise<PayloadLocation | null> {
    return this.locations.find(clientId, id);
  }

  /** Frees the location: its URL serves nothing until another charge is linked to it; the charge stays as it is. */
  unlink(clientId: string, id: number): Promise<PayloadLocation | null> {
    return this.locations.unlink(clientId, id);
  }

  list(filter: LocationFilter): Promise<{ items: PayloadLocation[]; total: number }> {
    return this.locations.list(filter);
  }
}
