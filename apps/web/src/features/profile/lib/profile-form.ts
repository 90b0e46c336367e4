import {
  CENTIMETRES_PER_INCH,
  convertMeasurement,
  METRES_PER_FOOT,
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

/** A measurement whose fields convert together: the height's two fields are one height. */
export type MeasurementGroup = keyof MeasurementsValues;
export const groupOf = (which: UnitSwitch): MeasurementGroup => (which === 'heightMain' || which === 'heightSecondary' ? 'height' : which);

/** The unit switches of a group, to write its fields back (the height's two, one for the others). */
export const switchesOf = (group: MeasurementGroup): readonly UnitSwitch[] => (group === 'height' ? ['heightMain', 'heightSecondary'] : [group]);

/**
 * Per group, the values a conversion started from, in the units they were typed in (issue 26): the
 * next switch converts from these, not from the rounded figures shown, so 5 ft → 1.52 m → 5 ft.
 */
export type TypedMeasurements = Partial<MeasurementsValues>;

type HeightValues = MeasurementsValues['height'];
type HeightMainUnit = HeightValues['mainUnit'];
type SingleValues = { value: number | null; unit: string };

/** Centimetres per unit of height (spec §5: 0.3048 m per ft, 2.54 cm per in). */
const HEIGHT_CENTIMETRES: Readonly<Record<string, number>> = { ft: METRES_PER_FOOT * 100, in: CENTIMETRES_PER_INCH, m: 100, cm: 1 };
/** Each main height unit with the additional unit that goes with it: feet and inches, metres and centimetres. */
const HEIGHT_PAIRS: Readonly<Record<HeightMainUnit, HeightValues['secondaryUnit']>> = { ft: 'in', m: 'cm' };

const roundTwo = (value: number): number => Math.round(value * 100) / 100;
/** One value to another unit (two decimals); empty stays empty and text that is not a number stays NaN, for the schema to name. */
const convertValue = (value: number | null, from: string, to: string): number | null =>
  value === null || !Number.isFinite(value) ? value : convertMeasurement(value, from, to);

/**
 * A height in the pair of units of `mainUnit` (ft with in, m with cm). With the additional height
 * filled, the whole height is converted: whole feet and the inches left over, or metres (two decimals)
 * and 0 cm; so 5 ft 7 in is 1.70 m + 0 cm. A main height alone converts by its own factor (5 ft → 1.52 m).
 */
function convertHeight(height: HeightValues, mainUnit: HeightMainUnit): HeightValues {
  const secondaryUnit = HEIGHT_PAIRS[mainUnit];
  if (height.mainUnit === mainUnit && height.secondaryUnit === secondaryUnit) return { ...height };
  const { mainValue, secondaryValue } = height;
  const numbers = [mainValue, secondaryValue].every((value) => value === null || Number.isFinite(value));
  if (secondaryValue === null || !numbers) {
    return {
      mainValue: convertValue(mainValue, height.mainUnit, mainUnit),
      mainUnit,
      secondaryValue: convertValue(secondaryValue, height.secondaryUnit, secondaryUnit),
      secondaryUnit,
    };
  }
  const centimetres = (mainValue ?? 0) * HEIGHT_CENTIMETRES[height.mainUnit]! + secondaryValue * HEIGHT_CENTIMETRES[height.secondaryUnit]!;
  if (mainUnit === 'm') return { mainValue: roundTwo(centimetres / 100), mainUnit, secondaryValue: 0, secondaryUnit };
  // Rounded to two decimals before splitting, so 67.00 in is 5 ft 7 in rather than 5 ft 6.999… in.
  const inches = roundTwo(centimetres / CENTIMETRES_PER_INCH);
  const feet = Math.floor(inches / 12);
  return { mainValue: feet, mainUnit, secondaryValue: roundTwo(inches - feet * 12), secondaryUnit };
}

function convertGroup<G extends MeasurementGroup>(group: G, values: MeasurementsValues[G], unit: string): MeasurementsValues[G] {
  if (group === 'height') return convertHeight(values as HeightValues, unit as HeightMainUnit) as MeasurementsValues[G];
  const single = values as SingleValues;
  return { value: single.unit === unit ? single.value : convertValue(single.value, single.unit, unit), unit } as MeasurementsValues[G];
}

const unitOf = (group: MeasurementGroup, values: MeasurementsValues[MeasurementGroup]): string =>
  group === 'height' ? (values as HeightValues).mainUnit : (values as SingleValues).unit;

const sameValues = (a: object, b: object): boolean =>
  Object.keys({ ...a, ...b }).every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));

/**
 * Switching a unit converts the values it measures (spec §5: 0.3048 m per ft, 2.54 cm per in, kg
 * and lbs, two decimals), every linked field together: the height's main and additional units switch
 * as a pair (ft with in, m with cm). The conversion starts from `typed`, what the shopper typed, while
 * the fields still show its conversion; once they edit a field, from what they edited. Returns the
 * measurements to show and the new `typed`; the other groups are untouched.
 */
export function switchUnit(
  shown: MeasurementsValues,
  typed: TypedMeasurements,
  which: UnitSwitch,
  to: string,
): { measurements: MeasurementsValues; typed: TypedMeasurements } {
  if (!(UNIT_SWITCHES[which].units as readonly string[]).includes(to)) return { measurements: shown, typed };
  const group = groupOf(which);
  const unit = which === 'heightSecondary' ? (to === 'in' ? 'ft' : 'm') : to;
  const current = shown[group];
  const kept = typed[group];
  const source = kept !== undefined && sameValues(convertGroup(group, kept, unitOf(group, current)), current) ? kept : current;
  // A copy: the form library edits its values in place, and what was typed must not follow them.
  return { measurements: { ...shown, [group]: convertGroup(group, source, unit) }, typed: { ...typed, [group]: { ...source } } };
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
