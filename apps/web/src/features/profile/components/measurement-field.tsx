import type { UpdateProfileRequest } from '@closetly/contracts';
import { useId, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import { fieldErrorMessage } from '../lib/field-error';
import {
  groupOf,
  parseNumberInput,
  switchesOf,
  switchUnit,
  UNIT_SWITCHES,
  type ProfileFormValues,
  type TypedMeasurements,
  type UnitSwitch,
} from '../lib/profile-form';

export interface MeasurementFieldProps {
  which: UnitSwitch;
  label: string;
  /** Help under the field, announced with it (e.g. the secondary height's maximum). */
  hint?: ReactNode;
  /** The form's values as typed, which conversions start from (one for all the form's measurement fields). */
  typedRef: RefObject<TypedMeasurements>;
}

/**
 * A measurement: its number ('' is empty, null) and its unit. Switching the unit converts the
 * number (spec §5), from what the shopper typed, with the fields linked to it (the height's pair).
 * The error under it is tied to the number input, which is what focus moves to.
 */
export function MeasurementField({ which, label, hint, typedRef }: MeasurementFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { value: valuePath, unit: unitPath, units } = UNIT_SWITCHES[which];
  const form = useFormContext<ProfileFormValues, unknown, UpdateProfileRequest>();
  const { errors, isSubmitted } = useFormState({ control: form.control, name: [valuePath, unitPath] });
  const {
    field: { name: unitName, ref: unitRef, value: unit, onBlur: onUnitBlur, onChange: setUnit },
  } = useController({ control: form.control, name: unitPath });
  const error = fieldErrorMessage(errors, valuePath) ?? fieldErrorMessage(errors, unitPath);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const onUnitChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = switchUnit(form.getValues('measurements'), typedRef.current, which, event.target.value);
    typedRef.current = next.typed;
    const linked = switchesOf(groupOf(which)).map((key) => UNIT_SWITCHES[key]);
    for (const { value: path } of linked) {
      const value = valueAt(next.measurements, path);
      if (!Object.is(value, form.getValues(path))) form.setValue(path, value, { shouldDirty: true, shouldValidate: isSubmitted });
    }
    for (const { unit: path } of linked) {
      if (path === unitPath) setUnit(valueAt(next.measurements, path));
      else form.setValue(path, valueAt(next.measurements, path), { shouldDirty: true });
    }
    // The secondary height's maximum follows the main unit (spec §5): check it again once shown.
    if (isSubmitted) void form.trigger(linked.map(({ value: path }) => path));
  };

  return (
    <div className="form-field measurement-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="measurement-field__row">
        <input
          id={id}
          className="text-input measurement-field__value"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...form.register(valuePath, { setValueAs: parseNumberInput })}
        />
        <select
          className="text-input select-input measurement-field__unit"
          aria-label={`${label} unit`}
          name={unitName}
          ref={unitRef}
          value={unit}
          onBlur={onUnitBlur}
          onChange={onUnitChange}
        >
          {units.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </div>
      {hint ? (
        <p id={hintId} className="form-field__description">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field of the measurements by its form path (`measurements.height.mainUnit` → height.mainUnit). */
function valueAt(measurements: ProfileFormValues['measurements'], path: string): never {
  const [, group = '', key = ''] = path.split('.');
  return (measurements as unknown as Record<string, Record<string, never>>)[group]?.[key] as never;
}
