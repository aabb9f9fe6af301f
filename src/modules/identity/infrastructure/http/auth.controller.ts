import { Body, Controller, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '../../../../shared/http/api-docs.js';
import { IssueTokenUseCase } from '../../application/issue-token.use-case.js';
import { BearerTokenRequest } from './bearer-token.request.js';
import { BearerTokenResponse } from './bearer-token.response.js';

@ApiTags('Authentication')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly issueToken: IssueTokenUseCase) {}

  @Post('bearer-token')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    operationId: 'createBearerToken',
    summary: 'Exchange an API key pair for a bearer token (1 h)',
    description:
      'Send the key pair in `x-key-id` and `x-secret-key`. The token (HS256, one hour) carries the scopes asked for in `scopes`, or every scope of the key when none are asked; a scope the key lacks is 400 INVALID_SCOPE. Failed checks are throttled per key id and source address, and per source address: past the budget that source gets 429 with Retry-After, even with the right secret; a correct pair spends nothing. Tokens of a revoked key stop working within 60 s.',
  })
  @ApiHeader({ name: 'x-key-id', required: true })
  @ApiHeader({ name: 'x-secret-key', required: true })
  // `scopes` is optional, so is the body: none at all asks for every scope of the key.
  @ApiBody({ type: BearerTokenRequest, required: false })
  @ApiOkResponse({ type: BearerTokenResponse })
  @ApiErrors('INVALID_CREDENTIALS', 'INVALID_SCOPE', 'RATE_LIMITED')
  async create(
    @Headers('x-key-id') keyId: string | undefined,
    @Headers('x-secret-key') secret: string | undefined,
    @Body() body: BearerTokenRequest,
    @Ip() sourceAddress: string,
  ): Promise<BearerTokenResponse> {
    const { token, expiresIn } = await this.issueToken.execute(keyId, secret, body.scopes, sourceAddress);
    return { success: true, token, expires_in: expiresIn };
  }
}
