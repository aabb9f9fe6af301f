import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AdminEndpoint } from '../../../../shared/http/api-docs.js';
import { VerifyLedgerUseCase } from '../../application/verify-ledger.use-case.js';

export class LedgerVerificationDto {
  @ApiProperty({ example: true }) balanced: boolean;
  @ApiProperty({ type: 'integer', example: 1520 }) journals_checked: number;
  @ApiProperty({ type: 'integer', example: 42 }) accounts_checked: number;
  @ApiProperty({ type: [String], example: [], description: 'Ids of journals whose postings do not sum to zero' })
  unbalanced_journals: string[];
  @ApiProperty({ type: [String], example: [], description: 'Ids of accounts whose stored balance differs from their postings' })
  mismatched_accounts: string[];
  @ApiProperty({
    type: [String],
    example: [],
    description:
      'End-to-end ids of on-us payments (both sides are accounts of this service) whose postings leave money in the settlement account instead of the receiving account',
  })
  stranded_on_us: string[];
}

export class LedgerVerificationResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: LedgerVerificationDto }) data: LedgerVerificationDto;
}

@ApiTags('Admin')
@Controller('api/v1/admin/ledger')
export class LedgerAdminController {
  constructor(private readonly verify: VerifyLedgerUseCase) {}

  @Get('verify')
  @AdminEndpoint('admin:ledger:read')
  @ApiOperation({
    operationId: 'verifyLedger',
    summary: 'Check the double-entry invariant: journals sum to zero, balances match postings, on-us money arrives',
    description:
      "Reads every journal and account: each journal's postings must sum to zero, and each stored balance must equal the sum of its postings, and an on-us payment (a payment, reversal or MED return between two accounts of this service) must leave nothing in the settlement account. `balanced` is true when all three hold; otherwise the offending journal and account ids and end-to-end ids are listed. A full scan: for operators, not for polling.",
  })
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
        stranded_on_us: v.strandedOnUs,
      },
    };
  }
}
