import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiHeader, ApiProperty, ApiPropertyOptional, ApiSecurity } from '@nestjs/swagger';
import { AdminAuth, ClientAuth, ClientAuthOrApiKey, Public as PublicAuth } from '../auth/auth.decorators.js';
import type { ErrorCode } from '../errors/error-catalog.js';

export class ErrorDetailDto {
  @ApiProperty({ example: 'amount' }) field: string;
  @ApiProperty({ example: 'amount must be a decimal string' }) issue: string;
}

export class ErrorInfoDto {
  @ApiProperty({ example: 'VALIDATION_ERROR', description: 'Stable UPPER_SNAKE code (docs/errors.md)' }) code: string;
  @ApiProperty({ example: 'amount must be a decimal string' }) message: string;
  @ApiPropertyOptional({ type: [ErrorDetailDto] }) details?: ErrorDetailDto[];
}

/** The error body of every non-2xx response (docs/conventions.md §3). */
export class ErrorResponseDto {
  @ApiProperty({ example: false }) success: false;
  @ApiProperty({ type: ErrorInfoDto }) error: ErrorInfoDto;
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) request_id: string;
}

/**
 * The error codes an operation can answer beyond the ones every operation of its kind shares (those are
 * added from the error catalog when the document is built: see error-responses.ts). Each code becomes
 * part of the `enum` of `error.code` in the response of its status, and of the operation's `x-error-codes`.
 */
export function ApiErrors(...codes: ErrorCode[]) {
  return ApiExtension('x-error-codes', codes);
}

/** Client bearer endpoint: guard policy, security scheme, scope note and the auth errors. */
export function ClientEndpoint(...scopes: string[]) {
  return applyDecorators(ClientAuth(...scopes), ApiBearerAuth('bearer'), ApiExtension('x-required-scopes', scopes));
}

/**
 * Client endpoint that also takes the API-key pair (`x-key-id` + `x-secret-key`, both required when no
 * bearer token is sent): both security schemes, documented as alternatives.
 */
export function ClientOrApiKeyEndpoint(...scopes: string[]) {
  return applyDecorators(
    ClientAuthOrApiKey(...scopes),
    ApiBearerAuth('bearer'),
    ApiSecurity({ apiKeyId: [], apiKeySecret: [] }),
    ApiHeader({ name: 'x-key-id', required: false, description: 'API key id; required (with x-secret-key) when no bearer token is sent' }),
    ApiHeader({
      name: 'x-secret-key',
      required: false,
      description: 'API key secret; required (with x-key-id) when no bearer token is sent',
    }),
    ApiExtension('x-required-scopes', scopes),
  );
}

/** Admin bearer endpoint. */
export function AdminEndpoint(...scopes: string[]) {
  return applyDecorators(AdminAuth(...scopes), ApiBearerAuth('bearer'), ApiExtension('x-required-scopes', scopes));
}

/**
 * No authentication (health, token issuing): the guard lets every caller in, and the document declares
 * `security: []` (openapi-document.ts turns the `x-public` mark into it).
 */
export function Public() {
  return applyDecorators(PublicAuth(), ApiExtension('x-public', true));
}
