import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  description?: ReactNode;
  optional?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, optional description and error, wired with aria-describedby. */
function FieldFrame({ id, label, error, description, optional, children }: FieldFrameProps) {
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional ? <span className="field-label__optional"> (optional)</span> : null}
      </label>
      {children(describedBy)}
      {description ? (
        <div id={descriptionId} className="form-field__description">
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  error?: string;
  /** Help shown under the field (e.g. the password rules), announced with it. */
  description?: ReactNode;
}

/** A labelled input; spread react-hook-form's `register(...)` onto it (React 19 passes `ref` through). */
export function TextField({ label, error, description, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} description={description}>
      {(describedBy) => (
        <input
          id={id}
          className={className ? `text-input ${className}` : 'text-input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  error?: string;
  optional?: boolean;
}

/** A labelled native select (accessible everywhere, including mobile pickers). */
export function SelectField({ label, error, optional, className, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional}>
      {(describedBy) => (
        <select
          id={id}
          className={className ? `text-input select-input ${className}` : 'text-input select-input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...selectProps}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
