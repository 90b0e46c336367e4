import { ApiError } from '@closetly/api-client';
import { formatUsd } from '@closetly/catalogue-rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTimedMessage } from '@/lib/use-timed-message';
import { usePriceTarget, useSetPriceTarget } from '../api/price-history';
import { readTargetPrice } from '../lib/price-target';
import { BusyButton } from '@/components/ui/busy-button';

export const TARGET_MESSAGES = {
  saved: 'Target price saved.',
  cleared: 'Target price cleared.',
  failed: 'Could not save the target price. Please try again.',
} as const;

export interface PriceTargetFieldProps {
  productId: string;
}

/**
 * A saver's target price for one item (issue 25): an alert when the shown price goes below it. Set with
 * the field, cleared with its button; checked here with the contract's schema and again by the server,
 * whose message shows when it refuses.
 */
export function PriceTargetField({ productId }: PriceTargetFieldProps) {
  const target = usePriceTarget(productId, true);
  const save = useSetPriceTarget(productId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { message, show } = useTimedMessage();
  const inputId = useId();
  const errorId = useId();
  const current = target.data?.targetPrice ?? null;

  const submit = async (body: { targetPrice: number | null }) => {
    setError(null);
    try {
      await save.mutateAsync(body);
      setDraft('');
      show('success', body.targetPrice === null ? TARGET_MESSAGES.cleared : TARGET_MESSAGES.saved);
    } catch (failure) {
      setError((failure instanceof ApiError && failure.status === 400 ? failure.serverMessage : undefined) ?? TARGET_MESSAGES.failed);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readTargetPrice(draft);
    if (!read.ok) return setError(read.message);
    void submit(read.body);
  };

  return (
    <form className="price-target" noValidate onSubmit={onSubmit} aria-busy={save.isPending || undefined}>
      <label className="field-label" htmlFor={inputId}>
        Alert me below
      </label>
      <p className="price-target__current">
        {target.isPending ? 'Loading your target...' : current === null ? 'No target price set.' : `Your target: ${formatUsd(current)}`}
      </p>
      <div className="price-target__row">
        <input
          id={inputId}
          className="text-input price-target__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={current === null ? 'e.g. 49.99' : String(current)}
          value={draft}
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        <BusyButton type="submit" className="button button--outline" busy={save.isPending} busyText="Saving...">
          Set target
        </BusyButton>
        {current !== null ? (
          <button type="button" className="link-button" disabled={save.isPending} onClick={() => void submit({ targetPrice: null })}>
            Clear target
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {message ? (
        <p className={`form-alert form-alert--${message.tone}`} role="status">
          {message.text}
        </p>
      ) : null}
      <p className="form-field__description">
        Alerts are sent while price alerts are on in your <Link to={paths.profile}>profile</Link>.
      </p>
    </form>
  );
}
