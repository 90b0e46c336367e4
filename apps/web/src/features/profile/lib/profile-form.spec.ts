import { describe, expect, it } from '@jest/globals';
import { emptyProfile, MAX_FAVORITE_BRANDS, UpdateProfileRequest } from '@closetly/contracts';
import {
  addBrand,
  canAddBrand,
  parseNumberInput,
  removeBrandAt,
  sectionOf,
  serverFieldErrors,
  switchUnit,
  toFormValues,
  visibleSizeFields,
  MIN_DROP_OPTIONS,
  parseMinDrop,
  type ProfileFormValues,
} from './profile-form';

const values = (change: (v: ProfileFormValues) => void = () => undefined): ProfileFormValues => {
  const v = toFormValues(emptyProfile('ada@example.com', 'Ada Lovelace', 'female'));
  change(v);
  return v;
};

describe('toFormValues', () => {
  it('is the profile without its e-mail, and a body the schema accepts as it is', () => {
    const profile = { ...emptyProfile('ada@example.com', 'Ada Lovelace', 'female'), favoriteBrands: ['Zara'] };
    const form = toFormValues(profile);
    expect(form).not.toHaveProperty('email');
    expect(form).toEqual((({ email: _e, ...rest }) => rest)(profile));
    expect(UpdateProfileRequest.safeParse(form).success).toBe(true);
  });

  it('copies, so editing the form never edits the loaded profile', () => {
    const profile = emptyProfile();
    const form = toFormValues(profile);
    form.measurements.height.mainValue = 6;
    form.favoriteBrands.push('Zara');
    form.sizes.top = 'M';
    expect(profile).toEqual(emptyProfile());
  });

  it('carries the price alerts, off by default, and the schema names a drop it does not offer', () => {
    const form = toFormValues({ ...emptyProfile(), priceAlerts: { enabled: true, minDropPercent: 20, rises: true } });
    expect(form.priceAlerts).toEqual({ enabled: true, minDropPercent: 20, rises: true });
    expect(toFormValues(emptyProfile()).priceAlerts).toEqual({ enabled: false, minDropPercent: 10, rises: false });
    const refused = UpdateProfileRequest.safeParse({ ...form, priceAlerts: { enabled: true, minDropPercent: parseMinDrop('15'), rises: false } });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['priceAlerts.minDropPercent', 'Choose 5, 10, 20 or 30 percent']]);
    expect(MIN_DROP_OPTIONS.map((option) => option.label)).toEqual(['5% or more', '10% or more', '20% or more', '30% or more']);
  });
});

describe('parseNumberInput (number fields: text ↔ the schema value)', () => {
  it.each<[string, number | null]>([
    ['', null],
    ['   ', null],
    ['5', 5],
    [' 5.5 ', 5.5],
    ['0', 0],
    ['.5', 0.5],
    ['10.', 10],
    ['1,5', 1.5],
    ['-2', -2],
  ])('%j is %s', (text, expected) => {
    expect(parseNumberInput(text)).toBe(expected);
  });

  it.each(['abc', '5ft', '1e3', '1.2.3', '--1'])('%j is not a number, and the schema says so', (text) => {
    const parsed = parseNumberInput(text);
    expect(parsed).toBeNaN();
    const result = UpdateProfileRequest.safeParse(values((v) => void (v.measurements.chest.value = parsed)));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['measurements.chest.value', 'Must be a number']]);
  });

  it('a negative number reaches the schema, which refuses it (minimum 0)', () => {
    const result = UpdateProfileRequest.safeParse(values((v) => void (v.measurements.weight.value = parseNumberInput('-2'))));
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Must be 0 or more']);
  });

  it('an empty field is null in the body the server gets', () => {
    const body = UpdateProfileRequest.parse(values((v) => void (v.measurements.hips.value = parseNumberInput(''))));
    expect(body.measurements.hips).toEqual({ value: null, unit: 'in' });
  });
});

describe('switchUnit (unit selects convert their value, spec §5)', () => {
  const measured = () =>
    values((v) => {
      v.measurements.height = { mainValue: 5, mainUnit: 'ft', secondaryValue: 70, secondaryUnit: 'in' };
      v.measurements.weight = { value: 150, unit: 'lbs' };
      v.measurements.chest = { value: 40, unit: 'in' };
      v.measurements.waist = { value: 81.28, unit: 'cm' };
      v.measurements.hips = { value: null, unit: 'in' };
    }).measurements;

  it('height ft → m converts the main value only; in → cm the secondary only', () => {
    expect(switchUnit(measured(), 'heightMain', 'm')).toEqual({ value: 1.52, unit: 'm' });
    expect(switchUnit(measured(), 'heightSecondary', 'cm')).toEqual({ value: 177.8, unit: 'cm' });
  });

  it('weight lbs ↔ kg, chest and waist in ↔ cm', () => {
    expect(switchUnit(measured(), 'weight', 'kg')).toEqual({ value: 68.04, unit: 'kg' });
    expect(switchUnit(measured(), 'chest', 'cm')).toEqual({ value: 101.6, unit: 'cm' });
    expect(switchUnit(measured(), 'waist', 'in')).toEqual({ value: 32, unit: 'in' });
  });

  it('keeps an empty value empty, and the same unit changes nothing', () => {
    expect(switchUnit(measured(), 'hips', 'cm')).toEqual({ value: null, unit: 'cm' });
    expect(switchUnit(measured(), 'chest', 'in')).toEqual({ value: 40, unit: 'in' });
  });

  it('leaves text that is not a number for the schema to name', () => {
    const m = measured();
    m.weight.value = Number.NaN;
    expect(switchUnit(m, 'weight', 'kg')).toEqual({ value: Number.NaN, unit: 'kg' });
  });
});

describe('favourite brand chips', () => {
  it('Enter adds the brand trimmed', () => {
    expect(addBrand(['Zara'], '  Nike  ')).toEqual(['Zara', 'Nike']);
  });

  it('ignores a blank brand (the same list back)', () => {
    const brands = ['Zara'];
    expect(addBrand(brands, '')).toBe(brands);
    expect(addBrand(brands, ' \t ')).toBe(brands);
  });

  it('does not check duplicates, and removes by position', () => {
    const brands = addBrand(addBrand(['Zara'], 'Nike'), 'Zara');
    expect(brands).toEqual(['Zara', 'Nike', 'Zara']);
    expect(removeBrandAt(brands, 2)).toEqual(['Zara', 'Nike']);
    expect(removeBrandAt(brands, 0)).toEqual(['Nike', 'Zara']);
  });

  it('stops adding at the schema limit', () => {
    expect(canAddBrand(Array.from({ length: MAX_FAVORITE_BRANDS - 1 }, () => 'Zara'))).toBe(true);
    expect(canAddBrand(Array.from({ length: MAX_FAVORITE_BRANDS }, () => 'Zara'))).toBe(false);
  });
});

describe('visibleSizeFields (spec §5)', () => {
  const shared = ['top', 'bottom', 'shoes'];
  const men = ['dressShirtNeck', 'dressShirtArm', 'dressPantWidth', 'dressPantLength', 'suitJacket', 'menShoeSize'];
  const women = ['dressSize', 'womenPantSize', 'womenShoeSize'];

  it("shows the men's fields only for male and the women's only for female", () => {
    expect(visibleSizeFields('male')).toEqual([...shared, ...men]);
    expect(visibleSizeFields('female')).toEqual([...shared, ...women]);
  });

  it('shows only the shared fields for other and for no gender', () => {
    expect(visibleSizeFields('other')).toEqual(shared);
    expect(visibleSizeFields('')).toEqual(shared);
  });
});

describe('server errors on the form', () => {
  it('maps the 400 `fields` onto the form paths, in page order, first message each', () => {
    const fields = {
      'sizes.top': ['Must be at most 20 characters'],
      'measurements.height.secondaryValue': ['Must be at most 11', 'another'],
      'favoriteBrands.3': ['Brand is required'],
      name: ['Name must be at most 200 characters'],
    };
    expect(serverFieldErrors(fields)).toEqual([
      { path: 'name', message: 'Name must be at most 200 characters' },
      { path: 'measurements.height.secondaryValue', message: 'Must be at most 11' },
      { path: 'favoriteBrands', message: 'Brand is required' },
      { path: 'sizes.top', message: 'Must be at most 20 characters' },
    ]);
  });

  it('drops paths the form has no field for', () => {
    expect(serverFieldErrors({ body: ['Invalid request'], '': ['Unrecognized key: "x"'], 'sizes.hat': ['x'], email: ['x'] })).toEqual([]);
  });

  it('knows the section of each path, to open it', () => {
    expect(sectionOf('gender')).toBe('personal');
    expect(sectionOf('measurements.hips.value')).toBe('measurements');
    expect(sectionOf('favoriteBrands')).toBe('brands');
    expect(sectionOf('sizes.menShoeSize')).toBe('sizes');
    expect(sectionOf('priceAlerts.minDropPercent')).toBe('alerts');
    expect(sectionOf('email')).toBeNull();
  });
});
