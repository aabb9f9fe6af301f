import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { DeletePixKeyUseCase } from '../../application/delete-pix-key.use-case.js';
import { ListPixKeysUseCase } from '../../application/list-pix-keys.use-case.js';
import { LookupPixKeyUseCase } from '../../application/lookup-pix-key.use-case.js';
import { RegisterPixKeyUseCase } from '../../application/register-pix-key.use-case.js';
import { presentPixKey } from './pix-key.presenter.js';
import { DeletePixKeyBody, RegisterPixKeyBody } from './pix-key.request.js';
import { PixKeyDeletedResponse, PixKeyListResponse, PixKeyResponse } from './pix-key.response.js';

const KEY_PARAM = { name: 'key', description: 'The key value (CPF, CNPJ, e-mail, +55 phone or EVP), URL-encoded' };

@ApiTags('Pix keys')
@Controller('api/v1/pix/keys')
export class PixKeysController {
  constructor(
    private readonly register: RegisterPixKeyUseCase,
    private readonly list: ListPixKeysUseCase,
    private readonly lookup: LookupPixKeyUseCase,
    private readonly remove: DeletePixKeyUseCase,
  ) {}

  @Get()
  @ClientEndpoint('pix:keys:read')
  @ApiOperation({
    operationId: 'listPixKeys',
    summary: 'Your active Pix keys, oldest first',
    description: 'Every active key of every account of yours, with the account it points to, oldest first.',
  })
  @ApiOkResponse({ type: PixKeyListResponse })
  async index(@CurrentPrincipal() p: Principal): Promise<PixKeyListResponse> {
    return { success: true, data: (await this.list.execute(p.id)).map(presentPixKey) };
  }

  @Post()
  @HttpCode(200)
  @ClientEndpoint('pix:keys:write')
  @ApiOperation({
    operationId: 'registerPixKey',
    summary: 'Register a key on one of your accounts (5 per account of a person, 20 of a company)',
    description:
      'CPF or CNPJ: only your own document (KEY_OWNER_MISMATCH); EMAIL: lower case; PHONE: +55 E.164; EVP: send no `key_value`, the service generates a random key. A key held by anyone is 409 KEY_ALREADY_EXISTS. The oldest key of your default account is the one charges are issued under.',
  })
  @ApiBody({
    type: RegisterPixKeyBody,
    examples: {
      email: { summary: 'An e-mail key', value: { key_type: 'EMAIL', key_value: 'maria.silva@example.com' } },
      evp: { summary: 'A random key (EVP): the service generates its value', value: { key_type: 'EVP' } },
      phone: { summary: 'A phone key (+55)', value: { key_type: 'PHONE', key_value: '+5511987654321' } },
    },
  })
  @ApiOkResponse({ type: PixKeyResponse })
  @ApiErrors('INVALID_PIX_KEY', 'KEY_OWNER_MISMATCH', 'KEY_LIMIT_REACHED', 'KEY_ALREADY_EXISTS', 'ACCOUNT_NOT_FOUND')
  async create(@CurrentPrincipal() p: Principal, @Body() body: RegisterPixKeyBody): Promise<PixKeyResponse> {
    const view = await this.register.execute({
      clientId: p.id,
      keyType: body.key_type,
      keyValue: body.key_value,
      accountId: body.account_id,
    });
    return { success: true, data: presentPixKey(view) };
  }

  @Get(':key')
  @ClientEndpoint('pix:keys:read')
  @ApiOperation({
    operationId: 'lookupPixKey',
    summary: 'Look a key up in the key directory (any participant); anti-scan rate limited, misses cost more',
    description:
      "Answers who a key (any participant's) belongs to: holder name, document (masked unless the key is yours), participant and account. Each look-up spends the per-client anti-scan budget, a miss more than a hit (429 with Retry-After when spent); an unknown key is 404 PIX_KEY_NOT_REGISTERED.",
  })
  @ApiParam(KEY_PARAM)
  @ApiOkResponse({ type: PixKeyResponse })
  @ApiErrors('PIX_KEY_NOT_REGISTERED')
  async show(@CurrentPrincipal() p: Principal, @Param('key') key: string): Promise<PixKeyResponse> {
    return { success: true, data: presentPixKey(await this.lookup.execute(p.id, key)) };
  }

  @Delete(':key')
  @ClientEndpoint('pix:keys:write')
  @ApiOperation({
    operationId: 'deletePixKey',
    summary: 'Delete one of your keys; its value becomes free to register again',
    description: 'Only a key you hold (else 404 PIX_KEY_NOT_REGISTERED), with an optional `reason` (default USER_REQUESTED).',
  })
  @ApiParam(KEY_PARAM)
  // `reason` is optional, so is the body: none at all deletes with USER_REQUESTED.
  @ApiBody({ type: DeletePixKeyBody, required: false })
  @ApiOkResponse({ type: PixKeyDeletedResponse })
  @ApiErrors('PIX_KEY_NOT_REGISTERED')
  async destroy(
    @CurrentPrincipal() p: Principal,
    @Param('key') key: string,
    @Body() body: DeletePixKeyBody,
  ): Promise<PixKeyDeletedResponse> {
    await this.remove.execute(p.id, key, body.reason ?? 'USER_REQUESTED');
    return { success: true, data: { success: true, message: 'Pix key deleted' } };
  }
}
