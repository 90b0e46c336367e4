import {
  convertMeasurement,
  DEFAULT_PRICE_ALERTS,
  MIN_DROP_PERCENTS,
  MAX_FAVORITE_BRANDS,
  MEN_SIZE_FIELDS,
  SHARED_SIZE_FIELDS,
  SIZE_FIELDS,
  WOMEN_SIZE_FIELDS,
  type Profile,
  type SizeField,
  type UpdateProfileRequest,
} from '@closetly/contracts';
import type { z } from 'zod';

/**
 * What the form holds: the PUT body as the schema reads it. The e-mail is left out (shown read-only
 * beside the fields, never sent: the profile cannot change the address an account signs in with).
 */
export type ProfileFormValues = z.input<typeof UpdateProfileRequest>;
type MeasurementsValues = ProfileFormValues['measurements'];

/** The loaded profile as the form's values (a copy: the form never edits the query cache). A profile without price alerts has them off. */
export function toFormValues(profile: Profile): Omit<ProfileFormValues, 'email'> {
  const { email: _email, measurements, ...rest } = profile;
  return {
    ...rest,
    priceAlerts: { ...DEFAULT_PRICE_ALERTS, ...profile.priceAlerts },
    favoriteBrands: [...profile.favoriteBrands],
    sizes: { ...profile.sizes },
    measurements: {
      height: { ...measurements.height },
      weight: { ...measurements.weight },
      chest: { ...measurements.chest },
      waist: { ...measurements.waist },
      hips: { ...measurements.hips },
    },
  };
}

/**
 * A number field's text as the schema's value: '' (or blanks) is null, an empty measurement;
 * a decimal comma is read as a point; anything else that is not a number stays NaN, so the
 * schema says "Must be a number" instead of silently emptying the field.
 */
export function parseNumberInput(text: unknown): number | null {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || text.trim() === '') return null;
  const normalised = text.trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** The unit selects of spec §3, each with the value it converts (spec §5). */
export const UNIT_SWITCHES = {
  heightMain: { unit: 'measurements.height.mainUnit', value: 'measurements.height.mainValue', units: ['ft', 'm'] },
  heightSecondary: { unit: 'measurements.height.secondaryUnit', value: 'measurements.height.secondaryValue', units: ['in', 'cm'] },
  weight: { unit: 'measurements.weight.unit', value: 'measurements.weight.value', units: ['lbs', 'kg'] },
  chest: { unit: 'measurements.chest.unit', value: 'measurements.chest.value', units: ['in', 'cm'] },
  waist: { unit: 'measurements.waist.unit', value: 'measurements.waist.value', units: ['in', 'cm'] },
  hips: { unit: 'measurements.hips.unit', value: 'measurements.hips.value', units: ['in', 'cm'] },
} as const;
export type UnitSwitch = keyof typeof UNIT_SWITCHES;

/** Reads the [value, unit] a switch controls. */
function part(measurements: MeasurementsValues, which: UnitSwitch): { value: number | null; unit: string } {
  switch (which) {
    case 'heightMain':
      return { value: measurements.height.mainValue, unit: measurements.height.mainUnit };
    case 'heightSecondary':
      return { value: measurements.height.secondaryValue, unit: measurements.height.secondaryUnit };
    default:
      return measurements[which];
  }
}

/**
 * Switching a unit converts the value it measures (spec §5: 0.3048 m per ft, 2.54 cm per in,
 * kg and lbs, two decimals); an empty value stays empty and text that is not a number is left for
 * the schema to name. Returns the new value and unit; the rest of the measurements is untouched.
 */
export function switchUnit(measurements: MeasurementsValues, which: UnitSwitch, to: string): { value: number | null; unit: string } {
  const { value, unit } = part(measurements, which);
  if (unit === to) return { value, unit };
  const converted = value === null || !Number.isFinite(value) ? value : convertMeasurement(value, unit, to);
  return { value: converted, unit: to };
}

/**
 * Enter in the brand field (spec §5): the brand is added, trimmed, only when something is left;
 * duplicates are not checked. Returns the list unchanged (the same array) when nothing is added.
 */
export function addBrand(brands: readonly string[], draft: string): readonly string[] {
  const brand = draft.trim();
  return brand === '' ? brands : [...brands, brand];
}

/** Removes the chip at `index` (by position: the same brand may be there twice). */
export const removeBrandAt = (brands: readonly string[], index: number): string[] => brands.filter((_, i) => i !== index);

export const canAddBrand = (brands: readonly string[]): boolean => brands.length < MAX_FAVORITE_BRANDS;

/** The size fields shown (spec §5): the shared ones always, the men's only for male, the women's only for female. */
export function visibleSizeFields(gender: ProfileFormValues['gender']): readonly SizeField[] {
  if (gender === 'male') return [...SHARED_SIZE_FIELDS, ...MEN_SIZE_FIELDS];
  if (gender === 'female') return [...SHARED_SIZE_FIELDS, ...WOMEN_SIZE_FIELDS];
  return SHARED_SIZE_FIELDS;
}

export const SIZE_LABELS: Readonly<Record<SizeField, string>> = {
  top: 'Top',
  bottom: 'Bottom',
  shoes: 'Shoes',
  dressShirtNeck: 'Dress Shirt Neck',
  dressShirtArm: 'Dress Shirt Arm',
  dressPantWidth: 'Dress Pant Width',
  dressPantLength: 'Dress Pant Length',
  suitJacket: 'Suit Jacket',
  menShoeSize: "Men's Shoe Size",
  dressSize: 'Dress Size',
  womenPantSize: "Women's Pant Size",
  womenShoeSize: "Women's Shoe Size",
};

/** The collapsible sections, in page order. */
export const PROFILE_SECTIONS = ['personal', 'measurements', 'brands', 'sizes', 'alerts'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** The section holding a form path (`measurements.height.secondaryValue` → measurements). */
export function sectionOf(path: string): ProfileSection | null {
  const top = path.split('.')[0];
  switch (top) {
    case 'name':
    case 'gender':
      return 'personal';
    case 'measurements':
      return 'measurements';
    case 'favoriteBrands':
      return 'brands';
    case 'sizes':
      return 'sizes';
    case 'priceAlerts':
      return 'alerts';
    default:
      return null;
  }
}

const MEASUREMENT_PATHS = Object.values(UNIT_SWITCHES).flatMap((s) => [s.value, s.unit]);
const FIELD_PATHS: ReadonlySet<string> = new Set([
  'name',
  'gender',
  ...MEASUREMENT_PATHS,
  'favoriteBrands',
  ...SIZE_FIELDS.map((f) => `sizes.${f}`),
  'priceAlerts.minDropPercent',
]);

/** A path of the form's values that a field shows errors for (the server's `fields` keys are dotted paths). */
export type ProfileFieldPath = 'name' | 'gender' | 'favoriteBrands' | (typeof MEASUREMENT_PATHS)[number] | `sizes.${SizeField}` | 'priceAlerts.minDropPercent';

/**
 * The server's 400 `fields` as form errors: each known path with its first message, in the form's
 * order; a brand's error (`favoriteBrands.2`) lands on the brand field. Unknown paths are dropped
 * (the form's save message still shows).
 */
export function serverFieldErrors(fields: Readonly<Record<string, readonly string[]>>): Array<{ path: ProfileFieldPath; message: string }> {
  const errors = new Map<ProfileFieldPath, string>();
  for (const [key, messages] of Object.entries(fields)) {
    const path = /^favoriteBrands(\.\d+)?$/.test(key) ? 'favoriteBrands' : key;
    const message = messages[0];
    if (message && FIELD_PATHS.has(path) && !errors.has(path as ProfileFieldPath)) errors.set(path as ProfileFieldPath, message);
  }
  const order = [...FIELD_PATHS];
  return [...errors].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([path, message]) => ({ path, message }));
}

/** The minimum-drop choices of the price alerts (issue 25), as the select lists them. */
export const MIN_DROP_OPTIONS = MIN_DROP_PERCENTS.map((percent) => ({ value: percent, label: `${percent}% or more` }));

/** The select's text as the schema's value: 5, 10, 20 or 30 (anything else is left for the schema to name). */
export const parseMinDrop = (text: unknown): number => (typeof text === 'number' ? text : Number(text));
