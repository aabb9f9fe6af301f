import type { LimitPeriod, LimitType } from '../../domain/limit-kinds.js';
import { LimitRequest, type LimitRequestStatus } from '../../domain/limit-request.aggregate.js';
import { LimitRequestOrmEntity } from './limit-request.orm-entity.js';

export const LimitRequestMapper = {
  toDomain(r: LimitRequestOrmEntity): LimitRequest {
    return LimitRequest.restore({
      ...r,
      type: r.type as LimitType,
      period: r.period as LimitPeriod,
      status: r.status as LimitRequestStatus,
    });
  },

  toOrm(r: LimitRequest): LimitRequestOrmEntity {
    return Object.assign(new LimitRequestOrmEntity(), r.snapshot);
  },
};
