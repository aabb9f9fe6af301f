import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  ApiSecurity,
} from '@nestjs/swagger';
import { AdminAuth, ClientAuth, ClientAuthOrApiKey, Public } from '../auth/auth.decorators.js';

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

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input or business rule refused',
  401: 'Missing, invalid, expired or revoked credentials',
  403: 'Authenticated but lacking the scope or principal kind',
  404: 'Not found (also for another client\'s resources)',
  409: 'Conflict',
  413: 'Body over 1 MiB',
  422: 'Idempotency key reused with another body',
  429: 'Rate limited; see Retry-After',
};

/** Documents error responses with the shared error body. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorResponseDto }),
    ),
  );
}

/** Client bearer endpoint: guard policy, security scheme, scope note and the auth errors. */
export function ClientEndpoint(...scopes: string[]) {
  return applyDecorators(
    ClientAuth(...scopes),
    ApiBearerAuth('bearer'),
    ApiExtension('x-required-scopes', scopes),
    ApiErrors(401, 403, 429),
  );
}

/** Client endpoint that also takes the x-key-id / x-secret-key pair (cash-in create and cancel). */
export function ClientOrApiKeyEndpoint(...scopes: string[]) {
  return applyDecorators(
    ClientAuthOrApiKey(...scopes),
    ApiBearerAuth('bearer'),
    ApiSecurity({ apiKeyId: [], apiKeySecret: [] }),
    ApiExtension('x-required-scopes', scopes),
    ApiErrors(401, 403, 429),
  );
}

/** Admin bearer endpoint. */
export function AdminEndpoint(...scopes: string[]) {
  return applyDecorators(
    AdminAuth(...scopes),
    ApiBearerAuth('bearer'),
    ApiExtension('x-required-scopes', scopes),
    ApiErrors(401, 403, 429),
  );
}

export { Public };
