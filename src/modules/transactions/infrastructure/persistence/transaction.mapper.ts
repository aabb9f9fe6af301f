import { Transaction, type TransactionStatus, type TransactionType } from '../../domain/transaction.aggregate.js';
import { TransactionOrmEntity } from './transaction.orm-entity.js';

export const TransactionMapper = {
  toDomain(r: TransactionOrmEntity): Transaction {
    return Transaction.restore({
      ...r,
      type: r.type as TransactionType,
      status: r.status as TransactionStatus,
    });
  },

  toOrm(t: Transaction): TransactionOrmEntity {
    return Object.assign(new TransactionOrmEntity(), t.snapshot);
  },
};
