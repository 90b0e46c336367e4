import { MAX_SIZE_LENGTH, MEN_SIZE_FIELDS, SHARED_SIZE_FIELDS, WOMEN_SIZE_FIELDS, type SizeField, type UpdateProfileRequest } from '@closetly/contracts';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { fieldErrorMessage } from '../lib/field-error';
import { SIZE_LABELS, visibleSizeFields, type ProfileFormValues } from '../lib/profile-form';

/**
 * Sizes (spec §3, §5): the shared fields always; the men's only while gender is male, the women's
 * only while it is female. Hidden fields keep their values.
 */
export function SizeFields() {
  const form = useFormContext<ProfileFormValues, unknown, UpdateProfileRequest>();
  const gender = useWatch({ control: form.control, name: 'gender' });
  const visible = new Set(visibleSizeFields(gender));
  const { errors } = useFormState({ control: form.control, name: 'sizes' });

  const group = (title: string | null, fields: readonly SizeField[]) =>
    fields.some((field) => visible.has(field)) ? (
      <div className="size-group" role={title ? 'group' : undefined} aria-label={title ?? undefined}>
        {title ? <h3 className="size-group__title">{title}</h3> : null}
        <div className="profile-grid profile-grid--sizes">
          {fields.map((field) => (
            <TextField
              key={field}
              label={SIZE_LABELS[field]}
              autoComplete="off"
              maxLength={MAX_SIZE_LENGTH}
              error={fieldErrorMessage(errors, `sizes.${field}`)}
              {...form.register(`sizes.${field}`)}
            />
          ))}
        </div>
      </div>
    ) : null;

  return (
    <>
      {group(null, SHARED_SIZE_FIELDS)}
      {group("Men's Sizes", MEN_SIZE_FIELDS)}
      {group("Women's Sizes", WOMEN_SIZE_FIELDS)}
    </>
  );
}
