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
  type TypedMeasurements,
  type UnitSwitch,
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

describe('switchUnit (unit selects convert their values, spec §5, from what was typed: issue 26)', () => {
  const measured = () =>
    values((v) => {
      v.measurements.height = { mainValue: 5, mainUnit: 'ft', secondaryValue: null, secondaryUnit: 'in' };
      v.measurements.weight = { value: 150, unit: 'lbs' };
      v.measurements.chest = { value: 40, unit: 'in' };
      v.measurements.waist = { value: 81.28, unit: 'cm' };
      v.measurements.hips = { value: null, unit: 'in' };
    }).measurements;
  type Measurements = ReturnType<typeof measured>;

  /** Switches one after another, as the selects do, carrying what was typed from one switch to the next. */
  const switches = (start: Measurements, steps: Array<[UnitSwitch, string]>, typed: TypedMeasurements = {}) =>
    steps.reduce((state, [which, to]) => switchUnit(state.measurements, state.typed, which, to), { measurements: start, typed });

  it('a main height alone converts by its own factor: 5 ft → 1.52 m', () => {
    expect(switchUnit(measured(), {}, 'heightMain', 'm').measurements.height).toEqual({ mainValue: 1.52, mainUnit: 'm', secondaryValue: null, secondaryUnit: 'cm' });
  });

  it('round trips give back what was typed, not a conversion of the rounded figure: 5 ft → 1.52 m → 5 ft', () => {
    const there = switches(measured(), [['heightMain', 'm']]);
    expect(there.measurements.height.mainValue).toBe(1.52);
    const back = switches(measured(), [['heightMain', 'm'], ['heightMain', 'ft']]);
    expect(back.measurements.height).toEqual(measured().height);
    // Without what was typed, 1.52 m is 4.99 ft: the loss the kept value prevents.
    expect(switchUnit(there.measurements, {}, 'heightMain', 'ft').measurements.height.mainValue).toBe(4.99);
  });

  it.each<[UnitSwitch, string, number]>([
    ['weight', 'kg', 68.04],
    ['chest', 'cm', 101.6],
    ['waist', 'in', 32],
  ])('%s to %s is %s, and back is the typed value', (which, to, converted) => {
    const start = measured();
    const there = switches(start, [[which, to]]);
    expect((there.measurements[which as 'weight'] as { value: number }).value).toBe(converted);
    const back = switches(start, [[which, to], [which, start[which as 'weight'].unit]]);
    expect(back.measurements).toEqual(start);
  });

  it('many round trips never drift: 67 kg there and back ten times', () => {
    const start = { ...measured(), weight: { value: 67, unit: 'kg' as const } };
    const steps = Array.from({ length: 10 }, (): Array<[UnitSwitch, string]> => [['weight', 'lbs'], ['weight', 'kg']]).flat();
    expect(switches(start, steps).measurements.weight).toEqual({ value: 67, unit: 'kg' });
  });

  it('the height fields switch together and the whole height converts: 5 ft 7 in is 1.70 m + 0 cm, and back 5 ft 7 in', () => {
    const start = { ...measured(), height: { mainValue: 5, mainUnit: 'ft' as const, secondaryValue: 7, secondaryUnit: 'in' as const } };
    const metric = switches(start, [['heightMain', 'm']]);
    expect(metric.measurements.height).toEqual({ mainValue: 1.7, mainUnit: 'm', secondaryValue: 0, secondaryUnit: 'cm' });
    // The additional unit's select switches the pair as well.
    expect(switches(start, [['heightSecondary', 'cm']]).measurements.height).toEqual(metric.measurements.height);
    expect(switches(start, [['heightMain', 'm'], ['heightSecondary', 'in']]).measurements.height).toEqual(start.height);
    expect(switches(start, [['heightMain', 'm'], ['heightMain', 'ft']]).measurements).toEqual(start);
    // The other measurements are untouched.
    expect({ ...metric.measurements, height: start.height }).toEqual(start);
  });

  it('an edit after a switch is the new starting point: 1.80 m + 0 cm → 5 ft 10.87 in', () => {
    const start = { ...measured(), height: { mainValue: 5, mainUnit: 'ft' as const, secondaryValue: 7, secondaryUnit: 'in' as const } };
    const metric = switches(start, [['heightMain', 'm']]);
    const edited = { ...metric.measurements, height: { ...metric.measurements.height, mainValue: 1.8 } };
    const imperial = switchUnit(edited, metric.typed, 'heightMain', 'ft');
    expect(imperial.measurements.height).toEqual({ mainValue: 5, mainUnit: 'ft', secondaryValue: 10.87, secondaryUnit: 'in' });
    expect(switchUnit(imperial.measurements, imperial.typed, 'heightMain', 'm').measurements.height).toEqual(edited.height);
  });

  it('metres and centimetres typed in are whole feet and the inches left, carrying a rounded 12 in to the feet', () => {
    const metric = { ...measured(), height: { mainValue: 1, mainUnit: 'm' as const, secondaryValue: 70, secondaryUnit: 'cm' as const } };
    expect(switchUnit(metric, {}, 'heightMain', 'ft').measurements.height).toEqual({ mainValue: 5, mainUnit: 'ft', secondaryValue: 6.93, secondaryUnit: 'in' });
    // 182.87 cm is 71.996 in: 6 ft 0 in, not 5 ft 12 in.
    const tall = { ...metric, height: { ...metric.height, secondaryValue: 82.87 } };
    expect(switchUnit(tall, {}, 'heightMain', 'ft').measurements.height).toEqual({ mainValue: 6, mainUnit: 'ft', secondaryValue: 0, secondaryUnit: 'in' });
    // An additional height alone counts from 0: 7 in is 0.18 m.
    const inches = { ...metric, height: { mainValue: null, mainUnit: 'ft' as const, secondaryValue: 7, secondaryUnit: 'in' as const } };
    expect(switchUnit(inches, {}, 'heightMain', 'm').measurements.height).toEqual({ mainValue: 0.18, mainUnit: 'm', secondaryValue: 0, secondaryUnit: 'cm' });
  });

  it('a height saved in mixed units (ft with cm) converts as one height into the pair', () => {
    const mixed = { ...measured(), height: { mainValue: 5, mainUnit: 'ft' as const, secondaryValue: 10, secondaryUnit: 'cm' as const } };
    expect(switchUnit(mixed, {}, 'heightSecondary', 'in').measurements.height).toEqual({ mainValue: 5, mainUnit: 'ft', secondaryValue: 3.94, secondaryUnit: 'in' });
  });

  it('keeps an empty value empty, and the same unit changes nothing', () => {
    expect(switchUnit(measured(), {}, 'hips', 'cm').measurements.hips).toEqual({ value: null, unit: 'cm' });
    expect(switchUnit(measured(), {}, 'chest', 'in').measurements).toEqual(measured());
    const empty = { ...measured(), height: { mainValue: null, mainUnit: 'ft' as const, secondaryValue: null, secondaryUnit: 'in' as const } };
    expect(switchUnit(empty, {}, 'heightMain', 'm').measurements.height).toEqual({ mainValue: null, mainUnit: 'm', secondaryValue: null, secondaryUnit: 'cm' });
  });

  it('leaves text that is not a number for the schema to name, in the height too', () => {
    const m = measured();
    m.weight.value = Number.NaN;
    expect(switchUnit(m, {}, 'weight', 'kg').measurements.weight).toEqual({ value: Number.NaN, unit: 'kg' });
    m.height = { mainValue: Number.NaN, mainUnit: 'ft', secondaryValue: 7, secondaryUnit: 'in' };
    expect(switchUnit(m, {}, 'heightMain', 'm').measurements.height).toEqual({ mainValue: Number.NaN, mainUnit: 'm', secondaryValue: 17.78, secondaryUnit: 'cm' });
  });

  it('keeps its own copy of what was typed: the form library edits the values it hands out in place', () => {
    const shown = measured();
    const { typed } = switchUnit(shown, {}, 'heightMain', 'm');
    shown.height.mainValue = 1.52;
    shown.height.mainUnit = 'm';
    expect(typed.height).toEqual(measured().height);
  });

  it('ignores a unit the select does not offer', () => {
    const start = measured();
    expect(switchUnit(start, {}, 'weight', 'stone')).toEqual({ measurements: start, typed: {} });
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
