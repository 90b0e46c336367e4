import { GoogleIcon } from '@/components/ui/icons';

export interface OidcButtonProps {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** "Sign in with Google" / "Sign up with Google": the product's text names the provider (spec §8). */
export function OidcButton({ label, busy, disabled, onClick }: OidcButtonProps) {
  return (
    <button
      type="button"
      className="button button--ghost button--block oidc-button"
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      <GoogleIcon />
      {label}
    </button>
  );
}
