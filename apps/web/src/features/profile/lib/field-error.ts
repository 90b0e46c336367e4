import { get, type FieldErrors } from 'react-hook-form';

interface MessageHolder {
  message?: unknown;
  root?: MessageHolder;
}

/**
 * The message to show for a form path: its own, or for a list (favorite brands) the list's own
 * message or the first item's.
 */
export function fieldErrorMessage(errors: FieldErrors, path: string): string | undefined {
  const error = get(errors, path) as MessageHolder | readonly (MessageHolder | undefined)[] | undefined;
  if (!error) return undefined;
  if (Array.isArray(error)) {
    const withRoot = error as unknown as MessageHolder;
    return textOf(withRoot.root?.message) ?? textOf(withRoot.message) ?? error.map((item) => textOf(item?.message)).find(Boolean);
  }
  const holder = error as MessageHolder;
  return textOf(holder.message) ?? textOf(holder.root?.message);
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
