export function AuthDivider() {
  return (
    <div className="auth-divider" role="separator">
      <span>or</span>
    </div>
  );
}
