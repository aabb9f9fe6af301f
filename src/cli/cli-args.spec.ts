import { parseArgs, parseScopes } from './cli-args.js';

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

  it('treats all as every scope', () => {
    expect(parseScopes('all')).toBeUndefined();
    expect(parseScopes('pix:balance:read, pix:keys:read')).toEqual(['pix:balance:read', 'pix:keys:read']);
  });
});
