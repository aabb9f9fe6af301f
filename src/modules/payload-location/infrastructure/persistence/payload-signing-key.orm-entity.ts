import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A development signing key of the QR payloads (docs/adr/0206-payload-signing-key.md); production keeps none here. */
@Entity({ name: 'payload_signing_keys' })
export class PayloadSigningKeyOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 }) host: string;
  @Column({ name: 'private_key_pem', type: 'text' }) privateKeyPem: string;
  @Column({ name: 'certificate_pem', type: 'text' }) certificatePem: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
