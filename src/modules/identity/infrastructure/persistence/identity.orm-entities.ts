import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'clients' })
export class ClientOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'varchar', length: 140 })
  name: string;

  @Column({ type: 'varchar', length: 14, unique: true })
  document: string;

  @Column({ name: 'person_type', type: 'varchar', length: 16 })
  personType: 'NATURAL_PERSON' | 'LEGAL_PERSON';

  /** An individual micro-entrepreneur (MEI); only a legal person can be one. */
  @Column({ type: 'boolean', default: false })
  mei: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

@Entity({ name: 'accounts' })
export class AccountOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @Column({ type: 'varchar', length: 4 })
  branch: string;

  @Column({ type: 'varchar', length: 20, unique: true })
  number: string;

  @Column({ type: 'varchar', length: 16 })
  type: 'payment';

  @Column({ name: 'is_default', type: 'boolean' })
  isDefault: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity({ name: 'admins' })
export class AdminOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'varchar', length: 140 })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity({ name: 'api_keys' })
export class ApiKeyOrmEntity {
  @PrimaryColumn({ name: 'key_id', type: 'varchar', length: 64 })
  keyId: string;

  @Column({ name: 'owner_kind', type: 'varchar', length: 8 })
  ownerKind: 'client' | 'admin';

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
