import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@closetly/api-client';
import { MAX_NAME_LENGTH, profileCompletion, secondaryHeightMax, UpdateProfileRequest, type Profile } from '@closetly/contracts';
import * as Accordion from '@radix-ui/react-accordion';
import { useMemo, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_MESSAGES } from '../lib/profile-messages';
import {
  PROFILE_SECTIONS,
  sectionOf,
  serverFieldErrors,
  toFormValues,
  type ProfileFormValues,
  type ProfileSection as Section,
  type TypedMeasurements,
} from '../lib/profile-form';
import { CompletionBar } from './completion-bar';
import { FavoriteBrandsField } from './favorite-brands-field';
import { MeasurementField } from './measurement-field';
import { PriceAlertsFields } from './price-alerts-fields';
import { ProfileSection } from './profile-section';
import { SizeFields } from './size-fields';
import { UnsavedChangesBar } from './unsaved-changes-bar';

/** Said to screen readers when a save succeeds (the spec shows only the unsaved bar going away). */
export const PROFILE_SAVED_ANNOUNCEMENT = 'Your profile is saved.';

const GENDER_OPTIONS = [
  { value: '', label: 'Select Gender' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

export interface ProfileFormProps {
  uid: string;
  /** The profile as loaded; a reload replaces the fields the shopper has not edited. */
  profile: Profile;
}

/**
 * The profile form (spec §2, §4, §5), validated with UpdateProfileRequest, the schema the server
 * validates the same body with. Edits make it dirty and show the unsaved bar; Save puts the whole
 * profile, clears the dirty flag and reloads.
 */
export function ProfileForm({ uid, profile }: ProfileFormProps) {
  const values = useMemo(() => toFormValues(profile), [profile]);
  const form = useForm<ProfileFormValues, unknown, UpdateProfileRequest>({
    resolver: zodResolver(UpdateProfileRequest),
    values,
    resetOptions: { keepDirtyValues: true },
    shouldFocusError: true,
  });
  const save = useUpdateProfile(uid);
  const { message: savedMessage, show: announceSaved } = useTimedMessage();
  const [open, setOpen] = useState<string[]>([...PROFILE_SECTIONS]);
  /** The last control used in the form (not the bar's button), where focus returns once the bar is gone. */
  const lastControl = useRef<HTMLElement | null>(null);
  /** What the shopper typed in each measurement, which unit switches convert from (not the rounded figures shown). */
  const typedMeasurementsRef = useRef<TypedMeasurements>({});
  const current = useWatch({ control: form.control });
  const mainUnit = useWatch({ control: form.control, name: 'measurements.height.mainUnit' });
  const { errors, isDirty } = form.formState;

  /** Opens the sections holding these paths at once, so their fields exist to take focus. */
  const openSectionsOf = (paths: readonly string[]) => {
    const needed = paths.map(sectionOf).filter((section): section is Section => section !== null);
    if (needed.length === 0) return;
    flushSync(() => setOpen((was) => (needed.every((section) => was.includes(section)) ? was : [...new Set([...was, ...needed])])));
  };

  const onInvalid = (invalid: FieldErrors<ProfileFormValues>) => {
    // react-hook-form then focuses the first invalid field (shouldFocusError).
    openSectionsOf(Object.keys(invalid));
  };

  const saveProfile = (body: UpdateProfileRequest) => {
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(toFormValues(saved));
        announceSaved('success', PROFILE_SAVED_ANNOUNCEMENT);
        // The bar, and the focused Save button with it, goes away: focus goes back to the last field used.
        requestAnimationFrame(() => {
          if (document.activeElement === document.body || document.activeElement === null) lastControl.current?.focus();
        });
      },
      onError: (error) => {
        // The server's per-field messages land on their fields, and focus on the first.
        const fieldErrors = error instanceof ApiError && error.fields ? serverFieldErrors(error.fields) : [];
        openSectionsOf(fieldErrors.map((e) => e.path));
        fieldErrors.forEach(({ path, message }, index) => form.setError(path, { type: 'server', message }, { shouldFocus: index === 0 }));
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(saveProfile, onInvalid)(event);

  const rememberControl = (event: FocusEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLElement && !event.target.closest('.unsaved-bar')) lastControl.current = event.target;
  };

  const completion = profileCompletion({ ...(current as ProfileFormValues & Profile), email: profile.email });
  const heightMax = secondaryHeightMax(mainUnit);

  return (
    <FormProvider {...form}>
      <form className="profile-form" noValidate onSubmit={onSubmit} onFocus={rememberControl} aria-label="Profile">
        <CompletionBar percent={completion} />

        <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="profile-sections">
          <ProfileSection value="personal" title="Personal Information">
            <div className="profile-grid">
              <TextField label="Name" autoComplete="name" maxLength={MAX_NAME_LENGTH} error={errors.name?.message} {...form.register('name')} />
              <TextField
                label="Email"
                type="email"
                value={profile.email}
                readOnly
                description="This is the address you sign in with, so it can't be changed here."
              />
              <SelectField label="Gender" error={errors.gender?.message} {...form.register('gender')}>
                {GENDER_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            </div>
          </ProfileSection>

          <ProfileSection value="measurements" title="Measurements">
            <div className="profile-grid profile-grid--measurements">
              <MeasurementField which="heightMain" typedRef={typedMeasurementsRef} label="Height" />
              <MeasurementField which="heightSecondary" typedRef={typedMeasurementsRef} label="Additional height" hint={`Up to ${heightMax} while height is in ${mainUnit}.`} />
              <MeasurementField which="weight" typedRef={typedMeasurementsRef} label="Weight" />
              <MeasurementField which="chest" typedRef={typedMeasurementsRef} label="Chest" />
              <MeasurementField which="waist" typedRef={typedMeasurementsRef} label="Waist" />
              <MeasurementField which="hips" typedRef={typedMeasurementsRef} label="Hips" />
            </div>
          </ProfileSection>

          <ProfileSection value="brands" title="Favorite Brands">
            <FavoriteBrandsField />
          </ProfileSection>

          <ProfileSection value="sizes" title="Sizes">
            <SizeFields />
          </ProfileSection>

          <ProfileSection value="alerts" title="Price alerts">
            <PriceAlertsFields />
          </ProfileSection>
        </Accordion.Root>

        <p className="visually-hidden" role="status">
          {savedMessage?.text}
        </p>
        {isDirty || save.isPending ? (
          <UnsavedChangesBar saving={save.isPending} error={save.isError ? PROFILE_MESSAGES.saveFailed : null} />
        ) : null}
      </form>
    </FormProvider>
  );
}
