import { MAX_BRAND_LENGTH, MAX_FAVORITE_BRANDS, type UpdateProfileRequest } from '@closetly/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { CloseIcon } from '@/components/ui/icons';
import { fieldErrorMessage } from '../lib/field-error';
import { addBrand, canAddBrand, removeBrandAt, type ProfileFormValues } from '../lib/profile-form';

/**
 * Favorite Brands (spec §2, §5): type a brand and press Enter to add it as a chip (trimmed, only when
 * something is left; duplicates are not checked); each chip has its own remove button.
 */
export function FavoriteBrandsField() {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const form = useFormContext<ProfileFormValues, unknown, UpdateProfileRequest>();
  const { field, formState } = useController({ control: form.control, name: 'favoriteBrands' });
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const brands = field.value;
  const full = !canAddBrand(brands);
  const error = fieldErrorMessage(formState.errors, 'favoriteBrands');
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds a brand; it never submits the form.
    event.preventDefault();
    if (full) return;
    const next = addBrand(brands, draft);
    if (next === brands) return;
    field.onChange(next);
    setDraft('');
  };

  const remove = (index: number) => {
    field.onChange(removeBrandAt(brands, index));
    // The chip and its button are gone: focus goes back to where brands are typed.
    input.current?.focus();
  };

  return (
    <div className="favorite-brands">
      <div className="form-field">
        <label className="field-label" htmlFor={id}>
          Add a brand
        </label>
        <input
          id={id}
          className="text-input"
          type="text"
          autoComplete="off"
          enterKeyHint="enter"
          maxLength={MAX_BRAND_LENGTH}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          name={field.name}
          ref={(element) => {
            input.current = element;
            field.ref(element);
          }}
          onBlur={field.onBlur}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="form-field__description">
          {full ? `You have ${MAX_FAVORITE_BRANDS} brands, the most a profile keeps.` : 'Type a brand and press Enter.'}
        </p>
        {error ? (
          <p id={errorId} className="form-field__error">
            {error}
          </p>
        ) : null}
      </div>
      {brands.length > 0 ? (
        <ul className="brand-chips" aria-label="Favorite brands">
          {brands.map((brand, index) => (
            // The same brand may be there twice: the position tells chips apart.
            <li key={`${index}-${brand}`} className="brand-chip">
              <span className="brand-chip__name">{brand}</span>
              <button type="button" className="brand-chip__remove" aria-label={`Remove ${brand}`} onClick={() => remove(index)}>
                <CloseIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="favorite-brands__empty">No favorite brands yet.</p>
      )}
    </div>
  );
}
