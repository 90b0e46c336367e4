import {
  convertMeasurement,
  emptyProfile,
  isProfileComplete,
  MEN_SIZE_FIELDS,
  type Profile,
  profileCompletion,
  ProfileUpdated,
  secondaryHeightMax,
  SIZE_FIELDS,
  SIZED_CATEGORIES,
  sizedCategoriesOf,
  UpdateProfileRequest,
  WOMEN_SIZE_FIELDS,
} from './profile';

const base = (): Profile => emptyProfile();

describe('convertMeasurement (spec §5: 0.3048 m per ft, 2.54 cm per in, two decimals)', () => {
  it.each([
    [5, 'ft', 'm', 1.52],
    [6, 'ft', 'm', 1.83],
    [1.8, 'm', 'ft', 5.91],
    [70, 'in', 'cm', 177.8],
    [11, 'in', 'cm', 27.94],
    [100, 'cm', 'in', 39.37],
    [150, 'lbs', 'kg', 68.04],
    [70, 'kg', 'lbs', 154.32],
  ])('converts %p %s to %s as %p', (value, from, to, expected) => {
    expect(convertMeasurement(value, from, to)).toBe(expected);
  });

  it('keeps an empty value empty and a value in its own unit as it is', () => {
    expect(convertMeasurement(null, 'ft', 'm')).toBeNull();
    expect(convertMeasurement(12.345, 'cm', 'cm')).toBe(12.345);
  });

  it('refuses a pair of units nothing converts between', () => {
    expect(() => convertMeasurement(3, 'ft', 'kg')).toThrow(/no conversion from ft to kg/);
  });
});

describe('profileCompletion (spec §4: share of non-empty top-level parts)', () => {
  it('is 0 for an empty profile and 100 with every part filled', () => {
    expect(profileCompletion(base())).toBe(0);
    const full = base();
    full.name = 'Ada Shopper';
    full.email = 'ada@example.com';
    full.gender = 'female';
    full.favoriteBrands = ['Zara'];
    full.measurements.waist.value = 28;
    full.sizes.top = 'M';
    expect(profileCompletion(full)).toBe(100);
  });

  it.each<[string, (profile: Profile) => void]>([
    ['name', (profile) => (profile.name = 'Ada')],
    ['email', (profile) => (profile.email = 'ada@example.com')],
    ['gender', (profile) => (profile.gender = 'other')],
    ['favoriteBrands', (profile) => (profile.favoriteBrands = ['Uniqlo'])],
    ['measurements (a secondary height alone)', (profile) => (profile.measurements.height.secondaryValue = 4)],
    ['measurements (a zero counts: it was entered)', (profile) => (profile.measurements.chest.value = 0)],
    ['sizes', (profile) => (profile.sizes.womenShoeSize = '38')],
  ])('counts %s as one part of six', (_part, fill) => {
    const profile = base();
    fill(profile);
    expect(profileCompletion(profile)).toBe(17);
  });

  it('does not count blank text or units alone', () => {
    const profile = base();
    profile.name = '   ';
    profile.sizes.top = '  ';
    profile.measurements.weight.unit = 'kg';
    expect(profileCompletion(profile)).toBe(0);
  });
});

describe('isProfileComplete (spec §5, home page)', () => {
  const named = (): Profile => ({ ...base(), name: 'Ada', email: 'ada@example.com', gender: 'female' });

  it('needs name, e-mail and gender, and one measurement or size', () => {
    expect(isProfileComplete(named())).toBe(false);
    const withSize = named();
    withSize.sizes.shoes = '39';
    expect(isProfileComplete(withSize)).toBe(true);
    const withMeasurement = named();
    withMeasurement.measurements.height.mainValue = 5;
    expect(isProfileComplete(withMeasurement)).toBe(true);
    expect(isProfileComplete({ ...withSize, gender: '' })).toBe(false);
  });
});

describe('UpdateProfileRequest (the form and the server share it)', () => {
  const valid = (): Profile => ({ ...base(), name: 'Ada', email: 'ada@example.com', gender: 'female' });
  const issues = (body: unknown) => {
    const result = UpdateProfileRequest.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  };

  it('takes a full profile in either unit system', () => {
    const metric = valid();
    metric.measurements = {
      height: { mainValue: 1, mainUnit: 'm', secondaryValue: 99, secondaryUnit: 'cm' },
      weight: { value: 60.5, unit: 'kg' },
      chest: { value: 90, unit: 'cm' },
      waist: { value: 70, unit: 'cm' },
      hips: { value: 95, unit: 'cm' },
    };
    expect(issues(metric)).toEqual([]);
    const imperial = valid();
    imperial.measurements.height = { mainValue: 5, mainUnit: 'ft', secondaryValue: 11, secondaryUnit: 'in' };
    expect(issues(imperial)).toEqual([]);
  });

  it('caps the secondary height at 11 with ft and 99 otherwise', () => {
    expect(secondaryHeightMax('ft')).toBe(11);
    expect(secondaryHeightMax('m')).toBe(99);
    const feet = valid();
    feet.measurements.height = { mainValue: 5, mainUnit: 'ft', secondaryValue: 12, secondaryUnit: 'in' };
    expect(issues(feet)).toEqual([{ path: 'measurements.height.secondaryValue', message: 'Must be at most 11' }]);
    const metres = valid();
    metres.measurements.height = { mainValue: 1, mainUnit: 'm', secondaryValue: 100, secondaryUnit: 'cm' };
    expect(issues(metres)).toEqual([{ path: 'measurements.height.secondaryValue', message: 'Must be at most 99' }]);
  });

  it('refuses negative measurements and units outside the lists, naming the field', () => {
    const negative = valid();
    negative.measurements.waist.value = -1;
    expect(issues(negative)).toEqual([{ path: 'measurements.waist.value', message: 'Must be 0 or more' }]);
    const badUnit = valid() as unknown as { measurements: { weight: { unit: string } } };
    badUnit.measurements.weight.unit = 'stone';
    expect(issues(badUnit)).toEqual([{ path: 'measurements.weight.unit', message: 'Choose kg or lbs' }]);
  });

  it('trims brands and refuses a blank one', () => {
    expect(UpdateProfileRequest.parse({ ...valid(), favoriteBrands: ['  Zara ', 'Zara'] }).favoriteBrands).toEqual(['Zara', 'Zara']);
    expect(issues({ ...valid(), favoriteBrands: ['   '] })).toEqual([{ path: 'favoriteBrands.0', message: 'Brand is required' }]);
  });

  it('refuses unknown fields at the top and inside, so nothing unknown is stored', () => {
    expect(issues({ ...valid(), isAdmin: true }).map((issue) => issue.path)).toEqual(['']);
    const nested = valid() as unknown as { sizes: Record<string, string> };
    nested.sizes.hatSize = '7';
    expect(issues(nested).map((issue) => issue.path)).toEqual(['sizes']);
  });

  it('lists every men-only and women-only size field as a size', () => {
    const sizes = valid().sizes;
    for (const field of [...MEN_SIZE_FIELDS, ...WOMEN_SIZE_FIELDS]) expect(sizes).toHaveProperty(field, '');
  });
});

describe('sizedCategoriesOf (the recommender and profile.updated.v1 share it)', () => {
  it('names each category with a filled size once, in a fixed order, ignoring blank sizes and unknown fields', () => {
    const sizes = { ...emptyProfile().sizes, womenShoeSize: '38', menShoeSize: '9', suitJacket: ' ', dressSize: '8', hatSize: '7' };
    expect(sizedCategoriesOf(sizes)).toEqual(['tops', 'shoes']);
    expect(sizedCategoriesOf(emptyProfile().sizes)).toEqual([]);
    expect(sizedCategoriesOf(null)).toEqual([]);
  });

  it('maps every size field to one of the sized categories', () => {
    const every = Object.fromEntries(SIZE_FIELDS.map((field) => [field, '1']));
    expect(sizedCategoriesOf(every)).toEqual([...SIZED_CATEGORIES]);
    for (const field of SIZE_FIELDS) expect(sizedCategoriesOf({ [field]: 'M' })).toHaveLength(1);
  });
});

describe('ProfileUpdated', () => {
  const facts = { userId: '0f8fad5b-d9cb-469f-a165-70867728950e', gender: 'female', favoriteBrands: ['COS'], completion: 67, complete: true };

  it('reads an event published before sizedCategories existed, and refuses a category outside the sized ones', () => {
    expect(ProfileUpdated.parse(facts)).toEqual(facts);
    expect(ProfileUpdated.parse({ ...facts, sizedCategories: ['shoes'] }).sizedCategories).toEqual(['shoes']);
    expect(ProfileUpdated.safeParse({ ...facts, sizedCategories: ['hats'] }).success).toBe(false);
  });
});
