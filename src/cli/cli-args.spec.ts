import { parseArgs, parseScopes, parseSwitch } from './cli-args.js';

describe('parseArgs', () => {
  it('reads the command and --flag value pairs, also --flag=value', () => {
    expect(parseArgs(['client:create', '--name', 'Ana Souza', '--document=52998224725'])).toEqual({
      command: 'client:create',
      flags: { name: 'Ana Souza', document: '52998224725' },
    });
  });

  it('refuses a flag without a value', () => {
    expect(() => parseArgs(['key:revoke', '--key-id'])).toThrow('missing value for --key-id');
  });

  it('reads --mei as a switch with no value, anywhere in the line', () => {
    expect(parseArgs(['client:create', '--mei', '--name', 'Loja']).flags).toEqual({ mei: 'true', name: 'Loja' });
    expect(parseArgs(['client:create', '--name', 'Loja', '--mei']).flags).toEqual({ name: 'Loja', mei: 'true' });
    expect(parseSwitch('mei', undefined)).toBe(false);
    expect(parseSwitch('mei', 'true')).toBe(true);
    expect(parseSwitch('mei', 'false')).toBe(false);
    expect(() => parseSwitch('mei', 'yes')).toThrow('--mei takes no value');
  });

  it('treats all as every scope', () => {
    expect(parseScopes('all')).toBeUndefined();
    expect(parseScopes('pix:balance:read, pix:keys:read')).toEqual(['pix:balance:read', 'pix:keys:read']);
  });
});
