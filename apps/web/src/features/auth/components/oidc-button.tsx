import { GoogleIcon } from '@/components/ui/icons';
import { BusyButton } from '@/components/ui/busy-button';

export interface OidcButtonProps {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** "Sign in with Google" / "Sign up with Google": the product's text names the provider (spec §8). */
export function OidcButton({ label, busy, disabled, onClick }: OidcButtonProps) {
  return (
    <BusyButton type="button" className="button button--ghost button--block oidc-button" onClick={onClick} busy={busy} disabled={disabled}>
      <GoogleIcon />
      {label}
    </BusyButton>
  );
}
