import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

/** The sandbox SPI's order book, one row per end-to-end id (SandboxSpiAdapter reads and writes it with plain SQL). */
@Entity({ name: 'sandbox_spi_orders' })
export class SandboxSpiOrderOrmEntity {
  @PrimaryColumn({ name: 'end_to_end_id', type: 'varchar', length: 32 }) endToEndId: string;
  @MoneyColumn() amount: Money;
  /** `settled` or `rejected`. */
  @Column({ type: 'varchar', length: 16 }) outcome: string;
  @Column({ type: 'varchar', length: 16, nullable: true }) code: string | null;
  @Column({ type: 'varchar', length: 300, nullable: true }) message: string | null;
  /** How many times the order was sent (a re-sent order gets its first outcome back). */
  @Column({ type: 'int', default: 1 }) sends: number;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  /** A return order: the end-to-end id of the payment it returns. */
  @Column({ name: 'original_end_to_end_id', type: 'varchar', length: 32, nullable: true }) originalEndToEndId: string | null;
  /** A return order: its reason code. */
  @Column({ name: 'return_reason', type: 'varchar', length: 4, nullable: true }) returnReason: string | null;
  /** A payment order: MANU, DICT, QRES or QRDN (pacs.008 `LocalInstrument`); null for a return. */
  @Column({ name: 'initiation_type', type: 'varchar', length: 4, nullable: true }) initiationType: string | null;
  /** The receiver's Pix key the payer paid by (key or QR code). */
  @Column({ name: 'pix_key', type: 'varchar', length: 100, nullable: true }) pixKey: string | null;
  /** The QR code's txid the order carried. */
  @Column({ type: 'varchar', length: 35, nullable: true }) txid: string | null;
  /** The payer's message (pacs.008 `RmtInf/Ustrd`). */
  @Column({ name: 'remittance_information', type: 'varchar', length: 140, nullable: true }) remittanceInformation: string | null;
}
