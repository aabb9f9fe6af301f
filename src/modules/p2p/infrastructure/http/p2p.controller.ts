import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { Idempotent } from '../../../../shared/idempotency/idempotent.interceptor.js';
import { LookupP2pAccountUseCase } from '../../application/lookup-p2p-account.use-case.js';
import { TransferP2pUseCase } from '../../application/transfer-p2p.use-case.js';
import { P2pLookupRequest, P2pLookupResponse, P2pTransferRequest, P2pTransferResponse } from './p2p.request.js';

@ApiTags('P2P')
@Controller('api/v1/pix/p2p')
export class P2pController {
  constructor(
    private readonly lookup: LookupP2pAccountUseCase,
    private readonly transfer: TransferP2pUseCase,
  ) {}

  @Post('lookup')
  @HttpCode(200)
  @ClientEndpoint('pix:p2p:read')
  @ApiOperation({
    operationId: 'lookupP2pAccount',
    summary: 'Find another client of this service by Pix key or account number',
    description: 'Only accounts held here answer; the document is masked. Spends the anti-scan budget of key look-ups (a miss costs more).',
  })
  @ApiOkResponse({ type: P2pLookupResponse })
  async find(@CurrentPrincipal() p: Principal, @Body() body: P2pLookupRequest): Promise<P2pLookupResponse> {
    const found = await this.lookup.execute(p.id, body.search_type, body.search_value);
    return {
      success: true,
      data: found.map((a) => ({
        account_id: a.accountId,
        client_id: a.clientId,
        name: a.name,
        masked_document: a.maskedDocument,
        person_type: a.personType,
        branch_number: a.branchNumber,
        account_number: a.accountNumber,
        account_type: a.accountType,
        // The spec's key-type table: "The P2P lookup returns lower case (e.g. `email`)".
        pix_key_type: a.pixKeyType?.toLowerCase() ?? null,
        pix_key_value: a.pixKeyValue,
      })),
    };
  }

  @Post('transfers')
  @HttpCode(201)
  @ClientEndpoint('pix:p2p:write')
  @ApiOperation({
    operationId: 'createP2pTransfer',
    summary: 'Pay another client of this service at once (P2P)',
    description:
      "Completed in the answer: your p2p_out and the payee's p2p_in share one end-to-end id. Counts towards your pix_out limits.",
  })
  @Idempotent()
  @ApiCreatedResponse({ type: P2pTransferResponse })
  @ApiErrors(
    'INVALID_IDEMPOTENCY_KEY',
    'IDEMPOTENCY_KEY_IN_USE',
    'IDEMPOTENCY_KEY_REUSED',
    'DUPLICATE_EXTERNAL_ID',
    'ACCOUNT_NOT_FOUND',
    'SAME_ACCOUNT',
    'INSUFFICIENT_FUNDS',
    'LIMIT_EXCEEDED',
    'AMOUNT_TOO_LARGE',
  )
  async send(@CurrentPrincipal() p: Principal, @Body() body: P2pTransferRequest): Promise<P2pTransferResponse> {
    const transfer = await this.transfer.execute({
      clientId: p.id,
      toAccountId: body.to_account_id,
      amount: body.amount,
      description: body.description,
      externalId: body.external_id,
    });
    const t = transfer.snapshot;
    return {
      success: true,
      data: {
        transaction_id: t.id,
        status: 'completed',
        amount: t.amount.toFixed2(),
        end_to_end_id: t.endToEndId,
        from_account_id: t.payerAccountId,
        to_account_id: t.payeeAccountId,
        to_name: t.payee.name,
        description: t.description,
        external_id: t.externalId,
        created_at: t.createdAt.toISOString(),
      },
    };
  }
}
