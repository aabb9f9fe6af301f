import { DomainError } from '../../../shared/errors/domain-error.js';
import { externalPayerRecord, SANDBOX_PAYER_ISPB, SANDBOX_PAYER_NAME, sandboxPayer } from './external-payer.js';
import { ListedParticipants } from './participants.fakes.js';

const OWN_ISPB = '99999004';
const participants = new ListedParticipants(
  [
    { ispb: '00000000', name: 'BCO DO BRASIL S.A.', shortName: 'BCO DO BRASIL S.A.' },
    { ispb: '18236120', name: 'NU PAGAMENTOS - IP', shortName: 'NU PAGAMENTOS - IP' },
  ],
  { ispb: OWN_ISPB, name: 'Instant Payments Sandbox' },
);

describe('the payer of a credit from another institution', () => {
  it("records the institution's name as the participant list gives it, the document whole (a return needs it)", () => {
    expect(externalPayerRecord({ name: 'Carla Externa', document: '52998224725', ispb: '18236120' }, participants)).toEqual({
      name: 'Carla Externa',
      document: '52998224725',
      bank: { ispb: '18236120', participant_name: 'NU PAGAMENTOS - IP' },
    });
  });

  it('records an ISPB the list lacks with no name, rather than refusing the money', () => {
    expect(externalPayerRecord({ name: null, document: null, ispb: '12312312' }, participants).bank).toEqual({
      ispb: '12312312',
      participant_name: null,
    });
  });

  it("the sandbox's payer defaults to its name at 00000000, the list's Banco do Brasil", () => {
    expect([SANDBOX_PAYER_ISPB, SANDBOX_PAYER_NAME]).toEqual(['00000000', 'Sandbox Payer']);
    expect(sandboxPayer(undefined, OWN_ISPB, participants)).toEqual({
      name: 'Sandbox Payer',
      document: null,
      bank: { ispb: '00000000', participant_name: 'BCO DO BRASIL S.A.' },
    });
    expect(sandboxPayer({ name: 'Ana', ispb: '18236120' }, OWN_ISPB, participants)).toEqual({
      name: 'Ana',
      document: null,
      bank: { ispb: '18236120', participant_name: 'NU PAGAMENTOS - IP' },
    });
  });

  it("refuses this institution's own ISPB: its clients pay on-us", () => {
    const refused = (() => {
      try {
        return sandboxPayer({ ispb: OWN_ISPB }, OWN_ISPB, participants);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'payer.ispb', issue: expect.any(String) }] });
  });
});
