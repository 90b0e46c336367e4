import { PASSWORD_RULES } from '@closetly/contracts';

/** A part of the spec §5 password rule, as the sign-up screen words it. */
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The character kinds the rule allows: letters, digits and the symbols !@#$%^&* (libs/contracts Password). */
const ALLOWED_CHARACTER = /[A-Za-z0-9!@#$%^&*]/;

/** What a typed character is called in the checklist (a space has no glyph to show). */
const characterName = (character: string): string => (character === ' ' ? 'space' : /\s/.test(character) ? 'tab or line break' : character);

/**
 * Each part's test, keyed by its wording so a part added to PASSWORD_RULES fails to compile until
 * it is tested here. Together they are the contract's Password schema up to its 128-character cap
 * (password-checklist.spec.ts checks that they agree).
 */
const PART_TESTS: Readonly<Record<PasswordRule, (password: string) => boolean>> = {
  'At least 8 characters': (password) => password.length >= 8,
  'At least one uppercase letter': (password) => /[A-Z]/.test(password),
  'At least one lowercase letter': (password) => /[a-z]/.test(password),
  'At least one number': (password) => /[0-9]/.test(password),
  'At least one symbol: ! @ # $ % ^ & *': (password) => /[!@#$%^&*]/.test(password),
  // Nothing typed is not yet "only the allowed kinds": every part starts unmet.
  'Only letters, numbers and those symbols': (password) => password !== '' && [...password].every((character) => ALLOWED_CHARACTER.test(character)),
};

export interface PasswordRuleCheck {
  rule: PasswordRule;
  met: boolean;
  /** For an unmet "only" part: the characters typed that the rule refuses, each once ("space, -, _"). */
  refused?: string;
}

/** The live checklist under a new-password field: each part of the rule, met or not, for what is typed so far. */
export function passwordChecklist(password: string): PasswordRuleCheck[] {
  return PASSWORD_RULES.map((rule) => {
    const met = PART_TESTS[rule](password);
    if (met || rule !== 'Only letters, numbers and those symbols') return { rule, met };
    const refused = [...new Set([...password].filter((character) => !ALLOWED_CHARACTER.test(character)))].map(characterName);
    return refused.length > 0 ? { rule, met, refused: refused.join(', ') } : { rule, met };
  });
}
