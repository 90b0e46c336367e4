import { PASSWORD_RULES } from '@closetly/contracts';

/** The rule list of spec §5, shown under every new-password field. */
export function PasswordRules() {
  return (
    <>
      <span className="visually-hidden">Password requirements:</span>
      <ul className="password-rules">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}
