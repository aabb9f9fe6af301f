import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AdminAuth, ClientAuth, Public } from '../auth/auth.decorators.js';
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

/** Admin bearer endpoint. */
export function AdminEndpoint(...scopes: string[]) {
  return applyDecorators(AdminAuth(...scopes), ApiBearerAuth('bearer'), ApiExtension('x-required-scopes', scopes));
}

export { Public };
