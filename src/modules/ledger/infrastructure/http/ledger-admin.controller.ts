import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AdminEndpoint } from '../../../../shared/http/api-docs.js';
import { VerifyLedgerUseCase } from '../../application/verify-ledger.use-case.js';

export class LedgerVerificationDto {
  @ApiProperty() balanced: boolean;
  @ApiProperty() journals_checked: number;
  @ApiProperty() accounts_checked: number;
  @ApiProperty({ type: [String] }) unbalanced_journals: string[];
  @ApiProperty({ type: [String] }) mismatched_accounts: string[];
}

export class LedgerVerificationResponse {
  @ApiProperty() success: boolean;
  @ApiProperty({ type: LedgerVerificationDto }) data: LedgerVerificationDto;
}

@ApiTags('Admin')
@Controller('api/v1/admin/ledger')
export class LedgerAdminController {
  constructor(private readonly verify: VerifyLedgerUseCase) {}

  @Get('verify')
  @AdminEndpoint('admin:ledger:read')
  @ApiOperation({ summary: 'Check the double-entry invariant: journals sum to zero, balances match postings' })
  @ApiOkResponse({ type: LedgerVerificationResponse })
  async get(): Promise<LedgerVerificationResponse> {
    const v = await this.verify.execute();
    return {
      success: true,
      data: {
        balanced: v.balanced,
        journals_checked: v.journalsChecked,
        accounts_checked: v.accountsChecked,
        unbalanced_journals: v.unbalancedJournals,
        mismatched_accounts: v.mismatchedAccounts,
      },
    };
  }
}
