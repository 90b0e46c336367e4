import { z } from 'zod';
import { DEFAULT_PRICE_ALERTS, PriceAlertSettings } from './price-watch';
import { UserGender } from './auth';

/**
 * The shopper's profile (spec §3, rules §5). One schema for the form and the
 * server: the web app validates with it before PUT /api/profile, and the
 * gateway validates the same body again.
 */

export const HEIGHT_MAIN_UNITS = ['ft', 'm'] as const;
export const HEIGHT_SECONDARY_UNITS = ['in', 'cm'] as const;
export const WEIGHT_UNITS = ['kg', 'lbs'] as const;
export const LENGTH_UNITS = ['in', 'cm'] as const;

/** Conversions of the unit switches (spec §5): 0.3048 m per ft, 2.54 cm per in, two decimals. */
export const METRES_PER_FOOT = 0.3048;
export const CENTIMETRES_PER_INCH = 2.54;

/** Above any human measurement in any of the units: a typo, not a body. */
export const MAX_MEASUREMENT = 10_000;
export const MAX_FAVORITE_BRANDS = 50;
export const MAX_BRAND_LENGTH = 100;
export const MAX_NAME_LENGTH = 200;
export const MAX_SIZE_LENGTH = 20;

export const MEASUREMENT_MIN_MESSAGE = 'Must be 0 or more';

/** A measurement number; null is an empty field. */
const MeasurementValue = z
  .number({ error: 'Must be a number' })
  .finite('Must be a number')
  .min(0, MEASUREMENT_MIN_MESSAGE)
  .max(MAX_MEASUREMENT, `Must be at most ${MAX_MEASUREMENT.toLocaleString('en-US')}`)
  .nullable();

export const Height = z
  .object({
    mainValue: MeasurementValue,
    mainUnit: z.enum(HEIGHT_MAIN_UNITS, { error: 'Choose ft or m' }),
    secondaryValue: MeasurementValue,
    secondaryUnit: z.enum(HEIGHT_SECONDARY_UNITS, { error: 'Choose in or cm' }),
  })
  .strict()
  .superRefine((height, context) => {
    const max = secondaryHeightMax(height.mainUnit);
    if (height.secondaryValue !== null && height.secondaryValue > max) {
      context.addIssue({ code: 'custom', path: ['secondaryValue'], message: `Must be at most ${max}` });
    }
  });
export type Height = z.infer<typeof Height>;

/** Secondary height maximum (spec §5): 11 with ft, otherwise 99. */
export const secondaryHeightMax = (mainUnit: Height['mainUnit']): number => (mainUnit === 'ft' ? 11 : 99);

export const Weight = z.object({ value: MeasurementValue, unit: z.enum(WEIGHT_UNITS, { error: 'Choose kg or lbs' }) }).strict();
export type Weight = z.infer<typeof Weight>;

export const BodyLength = z.object({ value: MeasurementValue, unit: z.enum(LENGTH_UNITS, { error: 'Choose in or cm' }) }).strict();
export type BodyLength = z.infer<typeof BodyLength>;

export const Measurements = z
  .object({ height: Height, weight: Weight, chest: BodyLength, waist: BodyLength, hips: BodyLength })
  .strict();
export type Measurements = z.infer<typeof Measurements>;

/** Size fields (spec §3). Men's fields show only for male, women's only for female; all are kept. */
export const SHARED_SIZE_FIELDS = ['top', 'bottom', 'shoes'] as const;
export const MEN_SIZE_FIELDS = ['dressShirtNeck', 'dressShirtArm', 'dressPantWidth', 'dressPantLength', 'suitJacket', 'menShoeSize'] as const;
export const WOMEN_SIZE_FIELDS = ['dressSize', 'womenPantSize', 'womenShoeSize'] as const;
export const SIZE_FIELDS = [...SHARED_SIZE_FIELDS, ...MEN_SIZE_FIELDS, ...WOMEN_SIZE_FIELDS] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];

/** A size as the shopper writes it ("M", "32/34", "9.5"); '' is empty. */
const SizeValue = z.string().trim().max(MAX_SIZE_LENGTH, `Must be at most ${MAX_SIZE_LENGTH} characters`);

/**
 * The categories a filled size field says the shopper buys: the recommender
 * weighs them (libs/recommendation), and profile.updated.v1 names them
 * (`sizedCategories`) without the sizes themselves.
 */
export const SIZED_CATEGORIES = ['tops', 'bottoms', 'shoes', 'outerwear'] as const;
export const SizedCategory = z.enum(SIZED_CATEGORIES);
export type SizedCategory = z.infer<typeof SizedCategory>;

export const SIZE_FIELD_CATEGORIES: Readonly<Record<SizeField, SizedCategory>> = {
  top: 'tops',
  dressShirtNeck: 'tops',
  dressShirtArm: 'tops',
  dressSize: 'tops',
  bottom: 'bottoms',
  dressPantWidth: 'bottoms',
  dressPantLength: 'bottoms',
  womenPantSize: 'bottoms',
  shoes: 'shoes',
  menShoeSize: 'shoes',
  womenShoeSize: 'shoes',
  suitJacket: 'outerwear',
};

/** The categories of the filled size fields (not blank), each once, in SIZED_CATEGORIES order; unknown fields count for nothing. */
export function sizedCategoriesOf(sizes: Readonly<Record<string, string | null | undefined>> | null | undefined): SizedCategory[] {
  const filled = new Set<SizedCategory>();
  for (const [field, value] of Object.entries(sizes ?? {})) {
    if (!Object.hasOwn(SIZE_FIELD_CATEGORIES, field) || typeof value !== 'string' || value.trim() === '') continue;
    filled.add(SIZE_FIELD_CATEGORIES[field as SizeField]);
  }
  return SIZED_CATEGORIES.filter((category) => filled.has(category));
}

export const Sizes = z.object(Object.fromEntries(SIZE_FIELDS.map((field) => [field, SizeValue])) as Record<SizeField, typeof SizeValue>).strict();
export type Sizes = z.infer<typeof Sizes>;

/** A favourite brand: trimmed, never empty (spec §5: duplicates are not checked). */
export const FavoriteBrand = z.string().trim().min(1, 'Brand is required').max(MAX_BRAND_LENGTH, `Brand must be at most ${MAX_BRAND_LENGTH} characters`);

/** GET /api/profile: the caller's profile. `email` is the account's, always. */
export const Profile = z
  .object({
    name: z.string().trim().max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`),
    email: z.string(),
    gender: UserGender,
    favoriteBrands: z.array(FavoriteBrand).max(MAX_FAVORITE_BRANDS, `At most ${MAX_FAVORITE_BRANDS} favorite brands`),
    measurements: Measurements,
    sizes: Sizes,
    /** Price alerts (issue 25): off by default. */
    priceAlerts: PriceAlertSettings,
  })
  .strict();
export type Profile = z.infer<typeof Profile>;

/**
 * PUT /api/profile: the full profile. `email` may be sent back as read (the
 * form holds it) but is never stored: the profile cannot change the address
 * an account signs in with. Unknown fields are refused (400), never stored.
 */
export const UpdateProfileRequest = Profile.extend({ email: z.string().max(320).optional(), priceAlerts: PriceAlertSettings.optional() }).strict();
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** An empty profile in the default units (a new account's, before the shopper fills it). */
export const emptyProfile = (email = '', name = '', gender: Profile['gender'] = ''): Profile => ({
  name,
  email,
  gender,
  favoriteBrands: [],
  measurements: {
    height: { mainValue: null, mainUnit: 'ft', secondaryValue: null, secondaryUnit: 'in' },
    weight: { value: null, unit: 'lbs' },
    chest: { value: null, unit: 'in' },
    waist: { value: null, unit: 'in' },
    hips: { value: null, unit: 'in' },
  },
  sizes: Object.fromEntries(SIZE_FIELDS.map((field) => [field, ''])) as Sizes,
  priceAlerts: DEFAULT_PRICE_ALERTS,
});

const anyMeasurement = (measurements: Measurements): boolean =>
  measurements.height.mainValue !== null ||
  measurements.height.secondaryValue !== null ||
  [measurements.weight, measurements.chest, measurements.waist, measurements.hips].some((part) => part.value !== null);

const anySize = (sizes: Sizes): boolean => SIZE_FIELDS.some((field) => sizes[field].trim() !== '');

/**
 * Completion percent (spec §4): the share of the top-level parts (name, email,
 * gender, favoriteBrands, measurements, sizes) that are non-empty, rounded.
 */
export function profileCompletion(profile: Profile): number {
  const parts = [
    profile.name.trim() !== '',
    profile.email.trim() !== '',
    profile.gender !== '',
    profile.favoriteBrands.length > 0,
    anyMeasurement(profile.measurements),
    anySize(profile.sizes),
  ];
  return Math.round((parts.filter(Boolean).length / parts.length) * 100);
}

/** Complete for the home page (spec §5): name, e-mail and gender, and at least one measurement or size. */
export const isProfileComplete = (profile: Profile): boolean =>
  profile.name.trim() !== '' && profile.email.trim() !== '' && profile.gender !== '' && (anyMeasurement(profile.measurements) || anySize(profile.sizes));

/** Converts a value between units, to two decimals (spec §5); null stays null. */
export function convertMeasurement(value: number | null, from: string, to: string): number | null {
  if (value === null || from === to) return value;
  const factor = CONVERSIONS[`${from}->${to}`];
  if (factor === undefined) throw new Error(`no conversion from ${from} to ${to}`);
  return Math.round(value * factor * 100) / 100;
}

const KILOGRAMS_PER_POUND = 0.45359237;
const CONVERSIONS: Record<string, number> = {
  'ft->m': METRES_PER_FOOT,
  'm->ft': 1 / METRES_PER_FOOT,
  'in->cm': CENTIMETRES_PER_INCH,
  'cm->in': 1 / CENTIMETRES_PER_INCH,
  'lbs->kg': KILOGRAMS_PER_POUND,
  'kg->lbs': 1 / KILOGRAMS_PER_POUND,
};

// Events. Keys: the account id.

/** identity → profile (and later others): an account was created, by sign-up or third-party sign-in. */
export const IdentityAccountRegistered = z.object({
  accountId: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: UserGender,
});
export type IdentityAccountRegistered = z.infer<typeof IdentityAccountRegistered>;

/**
 * The account as identity knows it now, passed by the gateway with each
 * profile call: a profile the registration event has not reached yet is
 * created from it, and the e-mail shown is always the account's.
 */
export const ProfileAccount = IdentityAccountRegistered.omit({ accountId: true });
export type ProfileAccount = z.infer<typeof ProfileAccount>;

/**
 * profile → recommendations and home rows: only what they personalise with
 * (no name, e-mail, measurements or sizes; which categories have a size
 * filled, not the sizes).
 */
export const ProfileUpdated = z.object({
  userId: z.string().uuid(),
  gender: UserGender,
  favoriteBrands: z.array(z.string()),
  completion: z.number().int().min(0).max(100),
  complete: z.boolean(),
  /** `sizedCategoriesOf(sizes)`. Optional: events published before it was added do not carry it (read as none). */
  sizedCategories: z.array(SizedCategory).optional(),
});
export type ProfileUpdated = z.infer<typeof ProfileUpdated>;
