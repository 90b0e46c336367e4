import { PASSWORD_RULE_MESSAGE, SignUpRequest, VerifyBetaRequest } from '@closetly/contracts';
import { DomainError } from '@closetly/server';
import { ZodPipe } from './zod-body.pipe';

describe('ZodPipe', () => {
  const pipe = new ZodPipe(VerifyBetaRequest);

  it('passes valid input through, trimmed by the schema', () => {
    expect(pipe.transform({ code: '  abc ' })).toEqual({ code: 'abc' });
  });

  it('throws VALIDATION_FAILED with a message per field', () => {
    try {
      pipe.transform({ code: 7, extra: true });
      throw new Error('expected a validation error');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
      const fields = (error as DomainError).details as Record<string, string[]>;
      expect(Object.keys(fields).sort()).toEqual(['body', 'code']);
    }
  });

  it('gives each message once per field', () => {
    const pipe = new ZodPipe(SignUpRequest);
    try {
      pipe.transform({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'password' });
      throw new Error('expected a validation error');
    } catch (error) {
      expect(((error as DomainError).details as Record<string, string[]>).password).toEqual([PASSWORD_RULE_MESSAGE]);
    }
  });

  it('treats a missing body as a body error', () => {
    expect(() => pipe.transform(undefined)).toThrow(/body/);
  });
});
