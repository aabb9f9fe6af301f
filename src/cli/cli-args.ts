/** Flags that take no value: present means `true` (`--mei`); `--mei=false` also works. */
const SWITCHES = new Set(['mei']);

/** Parses `command --flag value --other value` into a command and a flag map. */
export function parseArgs(argv: string[]): { command: string | undefined; flags: Record<string, string> } {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!; // i < rest.length
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (SWITCHES.has(arg.slice(2))) {
      flags[arg.slice(2)] = 'true';
    } else {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`missing value for ${arg}`);
      flags[arg.slice(2)] = value;
      i++;
    }
  }
  return { command, flags };
}

/** `all` or empty means every scope of the principal kind; otherwise a comma list. */
export function parseScopes(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === '' || raw === 'all') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A switch's value: absent is false, `--mei` or `--mei=true` true, anything else refused. */
export function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`--${name} takes no value (or =true / =false)`);
}
