import { Email, Password, PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE, SignInRequest, SignUpForm } from './auth';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('password rule (spec §5)', () => {
  it('accepts a password with every required kind of character', () => {
    expect(Password.safeParse('Passw0rd!').success).toBe(true);
    expect(Password.safeParse('aB3$efgh').success).toBe(true);
  });

  it.each([
    ['shorter than 8', 'Pa0!abc'],
    ['no lowercase letter', 'PASSW0RD!'],
    ['no uppercase letter', 'passw0rd!'],
    ['no digit', 'Password!'],
    ['no symbol', 'Passw0rdd'],
    ['a symbol outside !@#$%^&*', 'Passw0rd!?'],
    ['a space', 'Passw0rd! '],
    ['a non-ASCII letter', 'Pässw0rd!'],
  ])('refuses a password with %s, with the spec message', (_why, password) => {
    const result = Password.safeParse(password);
    expect(result.success).toBe(false);
    expect(new Set(messagesOf(result))).toEqual(new Set([PASSWORD_RULE_MESSAGE]));
  });

  it('refuses a non-text password with the same message', () => {
    expect(messagesOf(Password.safeParse(12345678))).toEqual([PASSWORD_RULE_MESSAGE]);
  });
});

describe('sign-up form', () => {
  const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' };

  it('accepts a complete form; gender is optional', () => {
    expect(SignUpForm.safeParse(form).success).toBe(true);
    expect(SignUpForm.safeParse({ ...form, gender: 'female' }).success).toBe(true);
  });

  it('says Passwords do not match on the confirm field', () => {
    const result = SignUpForm.safeParse({ ...form, confirmPassword: 'Passw0rd?' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: PASSWORD_MISMATCH_MESSAGE })]);
  });

  it('requires first and last name', () => {
    const result = SignUpForm.safeParse({ ...form, firstName: '  ', lastName: undefined });
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['firstName', 'lastName']);
  });
});

describe('sign-in request (spec §5)', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(SignInRequest.parse({ email: '  Ada@Example.COM ', password: 'x' }).email).toBe('ada@example.com');
    expect(Email.parse(' B@C.DE ')).toBe('b@c.de');
  });

  it.each([
    [{ email: '   ', password: 'x' }, 'Please enter your email address'],
    [{ email: 'ada@example.com', password: '' }, 'Please enter your password'],
    [{ email: 42, password: 'x' }, 'Invalid email format'],
    [{ email: 'ada@example.com', password: 42 }, 'Invalid password format'],
    [{ email: 'not-an-email', password: 'x' }, 'Invalid email format'],
  ])('refuses %p with %p', (input, message) => {
    expect(messagesOf(SignInRequest.safeParse(input))).toContain(message);
  });
});
