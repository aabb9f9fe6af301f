import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';

import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { GetTransactionUseCase } from '../../application/get-transaction.use-case.js';
import { ListTransactionsUseCase } from '../../application/list-transactions.use-case.js';
import { ListTransactionsQuery } from './list-transactions.request.js';
import { presentTransaction } from './transaction.presenter.js';
import { TransactionListResponse, TransactionResponse } from './transaction.response.js';

@ApiTags('Transactions')
@Controller('api/v1/transactions')
export class TransactionsController {
  constructor(
    private readonly list: ListTransactionsUseCase,
    private readonly getOne: GetTransactionUseCase,
  ) {}

  @Get()
  @ClientEndpoint()
  @ApiOperation({
    operationId: 'listTransactions',
    summary: "List the client's transactions (any client API bearer token)",
    description:
      'Newest first, every type (cash_in, cash_out, p2p_in, p2p_out, reversal_in, reversal_out, med_return), filtered by `type`, `status`, `e2e`, `reference` and `date_from`/`date_to` (both, at most 30 days apart). `limit` 1-100 (default 20), `offset` up to 10,000; `total` counts up to 10,000. Any client API token will do (no scope is needed); an API Pix token is refused (403 INSUFFICIENT_SCOPE).',
  })
  @ApiOkResponse({ type: TransactionListResponse })
  @ApiErrors('INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LARGE')
  async index(@CurrentPrincipal() p: Principal, @Query() q: ListTransactionsQuery): Promise<TransactionListResponse> {
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { items, total } = await this.list.execute({
      clientId: p.id,
      type: q.type,
      status: q.status,
      endToEndId: q.e2e,
      reference: q.reference,
      from: q.date_from ? new Date(q.date_from) : undefined,
      to: q.date_to ? new Date(q.date_to) : undefined,
      limit,
      offset,
    });
    return { success: true, data: { transactions: items.map(presentTransaction), total, limit, offset } };
  }

  @Get(':id')
  @ClientEndpoint()
  @ApiOperation({
    operationId: 'getTransaction',
    summary: 'One transaction of the client, with its ledger entries',
    description:
      "The statement line of a payment: its amounts (gross, fee, net, reversed), parties (documents you did not supply are masked), end-to-end id, status and every ledger entry with before/after balances. Another client's transaction is 404, as a missing one.",
  })
  @ApiOkResponse({ type: TransactionResponse })
  @ApiErrors('TRANSACTION_NOT_FOUND')
  async show(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Transaction', 'TRANSACTION_NOT_FOUND') id: string,
  ): Promise<TransactionResponse> {
    return { success: true, data: presentTransaction(await this.getOne.execute(p.id, id)) };
  }
}
