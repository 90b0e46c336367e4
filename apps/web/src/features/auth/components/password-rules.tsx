import { passwordChecklist } from '../lib/password-checklist';

export interface PasswordRulesProps {
  /** What is typed in the field so far. */
  password: string;
}

/**
 * The rule of spec §5 under every new-password field, as a live checklist: each part shows met or
 * not as the shopper types, and a part that changes is announced politely (the list is a polite live
 * region, each item read whole). The spec's one message still comes on submit, from the schema.
 */
export function PasswordRules({ password }: PasswordRulesProps) {
  const checks = passwordChecklist(password);
  return (
    <>
      <span className="visually-hidden">Password requirements:</span>
      <ul className="password-rules" aria-live="polite">
        {checks.map(({ rule, met, refused }) => (
          <li key={rule} className="password-rules__item" data-met={met || undefined} aria-atomic="true">
            <span className="password-rules__mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            <span>
              {rule}
              {refused ? <span className="password-rules__refused"> (not allowed: {refused})</span> : null}
              <span className="visually-hidden">{met ? ', met' : ', not met yet'}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
