import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import { keyDeleted, keyRegistered } from './pix-key.events.js';
import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import { assertBelowKeyLimit, registrableKeyValue, type KeyHolder } from './key-registration.rules.js';
import { PixKeyNotRegisteredError } from './pix-key.errors.js';

export const PIX_KEY_STATUSES = ['active', 'deleted'] as const;
export type PixKeyStatus = (typeof PIX_KEY_STATUSES)[number];

/** Why a key leaves the directory (DICT reasons); USER_REQUESTED when the client gives none. */
export const KEY_DELETION_REASONS = [
  'USER_REQUESTED',
  'ACCOUNT_CLOSURE',
  'BRANCH_TRANSFER',
  'RECONCILIATION',
  'FRAUD',
  'RFB_VALIDATION',
] as const;
export type KeyDeletionReason = (typeof KEY_DELETION_REASONS)[number];

export interface PixKeyProps {
  id: string;
  clientId: string;
  accountId: string;
  keyType: PixKeyType;
  keyValue: string;
  status: PixKeyStatus;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  deletionReason: KeyDeletionReason | null;
}

export interface KeyRegistration {
  id: string;
  clientId: string;
  accountId: string;
  keyType: PixKeyType;
  /** What the client sent; absent for EVP. */
  requestedValue?: string;
  holder: KeyHolder;
  /** Active keys the account holds now (counted under the account's registration lock). */
  activeKeysOnAccount: number;
  newEvp: () => string;
  now: Date;
}

/** A Pix key pointing at one account of this service: active until deleted (soft: the row stays). */
export class PixKey {
  private events: DomainEvent[] = [];

  private constructor(private props: PixKeyProps) {}

  static register(r: KeyRegistration): PixKey {
    const keyValue = registrableKeyValue(r.keyType, r.requestedValue, r.holder, r.newEvp);
    assertBelowKeyLimit(r.holder.personType, r.activeKeysOnAccount);
    const key = new PixKey({
      id: r.id,
      clientId: r.clientId,
      accountId: r.accountId,
      keyType: r.keyType,
      keyValue,
      status: 'active',
      createdAt: r.now,
      updatedAt: r.now,
      deletedAt: null,
      deletionReason: null,
    });
    key.record(keyRegistered(key.props));
    return key;
  }

  static restore(props: PixKeyProps): PixKey {
    return new PixKey({ ...props });
  }

  get snapshot(): Readonly<PixKeyProps> {
    return this.props;
  }

  get id(): string {
    return this.props.id;
  }

  get isActive(): boolean {
    return this.props.status === 'active';
  }

  /** Takes the key out of the directory, freeing its value for anyone to register. */
  delete(reason: KeyDeletionReason, now: Date): void {
    if (!this.isActive) throw new PixKeyNotRegisteredError();
    this.props = { ...this.props, status: 'deleted', deletionReason: reason, deletedAt: now, updatedAt: now };
    this.record(keyDeleted(this.props, { at: now, reason }));
  }

  /** Events recorded since the last call, to be written to the outbox with the state change. */
  pullEvents(): DomainEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  private record(event: DomainEvent): void {
    this.events.push(event);
  }
}
