import { ERROR_CATALOG, ERROR_GROUPS, type ErrorGroup } from './error-catalog.js';

const INTRO = `# Error codes

<!-- Generated from src/shared/errors/error-catalog.ts by \`npm run openapi\`; do not edit by hand. -->

Every error response has one body (conventions.md §3):

\`\`\`json
{ "success": false,
  "error": { "code": "VALIDATION_ERROR", "message": "amount must be a decimal string ...",
             "details": [{ "field": "amount", "issue": "..." }] },
  "request_id": "0f8fad5b-d9cb-469f-a165-70867728950e" }
\`\`\`

\`code\` is stable and safe to branch on; \`message\` is for people and may change; \`details\` names the
fields at fault when there are any; \`request_id\` equals the \`X-Request-Id\` response header. The same
codes are listed per operation in the OpenAPI document (\`x-error-codes\`, and an \`enum\` on \`error.code\`
in each error response); both come from one table in the code, so they cannot disagree.
`;

/** Prose that follows a section's table. */
const GROUP_NOTES: Partial<Record<ErrorGroup, string>> = {
  payments: `A failed cash-out is not an HTTP error: its status record carries \`error_code\` (ISO 20022 style:
\`AC03\` invalid creditor account, \`AM04\` insufficient funds at the receiver, \`AB03\` timeout) and
\`error_message\`.`,
};

/** docs/errors.md, from the error catalog. */
export function renderErrorsMarkdown(): string {
  const sections = (Object.keys(ERROR_GROUPS) as ErrorGroup[]).map((group) => {
    const rows = Object.entries(ERROR_CATALOG)
      .filter(([, info]) => info.group === group)
      .map(([code, info]) => `| \`${code}\` | ${info.status} | ${info.when} |`);
    const note = GROUP_NOTES[group];
    return [`## ${ERROR_GROUPS[group]}`, '', '| code | status | when |', '|---|---|---|', ...rows, ...(note ? ['', note] : [])].join('\n');
  });
  return `${INTRO}\n${sections.join('\n\n')}\n`;
}
