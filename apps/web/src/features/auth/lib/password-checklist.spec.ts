import { describe, expect, it } from '@jest/globals';
import { Password, PASSWORD_RULE_MESSAGE, PASSWORD_RULES } from '@closetly/contracts';
import { passwordChecklist } from './password-checklist';

/** The parts met, by their wording. */
const met = (password: string) => passwordChecklist(password).filter((check) => check.met).map((check) => check.rule);

describe('passwordChecklist (the live checklist of the spec §5 password rule)', () => {
  it('lists every part of the rule, in the order the screen words them, all unmet before anything is typed', () => {
    expect(passwordChecklist('').map((check) => check.rule)).toEqual([...PASSWORD_RULES]);
    expect(met('')).toEqual([]);
  });

  it.each<[string, string[]]>([
    ['a', ['At least one lowercase letter', 'Only letters, numbers and those symbols']],
    ['A', ['At least one uppercase letter', 'Only letters, numbers and those symbols']],
    ['7', ['At least one number', 'Only letters, numbers and those symbols']],
    ['!', ['At least one symbol: ! @ # $ % ^ & *', 'Only letters, numbers and those symbols']],
    ['abcdefgh', ['At least 8 characters', 'At least one lowercase letter', 'Only letters, numbers and those symbols']],
    ['abcdefg', ['At least one lowercase letter', 'Only letters, numbers and those symbols']],
    ['Wardr0be!Pass', [...PASSWORD_RULES]],
  ])('%j meets %j', (password, parts) => {
    expect(met(password)).toEqual(parts);
  });

  it('names what the rule refuses in a passphrase: spaces, - _ . each once', () => {
    const checks = passwordChecklist('Correct horse-battery_staple.9 !');
    expect(checks.filter((check) => !check.met)).toEqual([{ rule: 'Only letters, numbers and those symbols', met: false, refused: 'space, -, _, .' }]);
    expect(passwordChecklist('Tab\there1!').at(-1)).toEqual({ rule: 'Only letters, numbers and those symbols', met: false, refused: 'tab or line break' });
    // Each of the allowed symbols is fine.
    expect(met('Aa1!@#$%^&*').at(-1)).toBe('Only letters, numbers and those symbols');
  });

  it.each([
    '',
    'short1A!',
    'Sh0rt!',
    'alllowercase1!',
    'ALLUPPERCASE1!',
    'NoDigits!!',
    'NoSymbol123',
    'With space1!A',
    'Dash-ed1!A',
    'Wardr0be!Pass',
    'Ünïcode1!a',
    'a'.repeat(60) + 'A1!',
  ])('agrees with the schema the server checks with: every part met exactly when %j is accepted', (password) => {
    const allMet = passwordChecklist(password).every((check) => check.met);
    const parsed = Password.safeParse(password);
    expect(allMet).toBe(parsed.success);
    // And what the submit says is still the spec's one message.
    if (!parsed.success) expect(new Set(parsed.error.issues.map((issue) => issue.message))).toEqual(new Set([PASSWORD_RULE_MESSAGE]));
  });
});
