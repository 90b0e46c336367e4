/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import type { SignUpRequest } from '@closetly/contracts';
import type { Locator, Page } from 'playwright-core';
import { passBetaGate, screenshot, useBrowserAndProduct, type Viewport, VIEWPORTS, waitInPage } from './browser';


const PASSWORD = 'Pr0file!Pass';

const newAccount = (label: string, gender: SignUpRequest['gender'] = 'female'): SignUpRequest => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `${label}-${randomBytes(5).toString('hex')}@example.com`,
  password: PASSWORD,
  gender,
});

/** The form's fields by their labels (spec §2 Profile). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const section = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });
const completion = (page: Page) => page.getByRole('progressbar', { name: 'Profile completion' });
const unsavedBar = (page: Page) => page.getByText('You have unsaved changes', { exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' });
const chips = (page: Page) => page.getByRole('list', { name: 'Favorite brands' }).getByRole('listitem');

async function expectFocused(page: Page, locator: Locator): Promise<void> {
  const id = await locator.getAttribute('id');
  expect(id).toBeTruthy();
  await waitInPage(page, `document.activeElement && document.activeElement.id === ${JSON.stringify(id)}`);
}

/** The error text tied to a field with aria-describedby, and its aria-invalid. */
async function fieldError(page: Page, locator: Locator): Promise<{ invalid: string | null; messages: string[] }> {
  const describedBy = (await locator.getAttribute('aria-describedby')) ?? '';
  const messages: string[] = [];
  for (const id of describedBy.split(' ').filter(Boolean)) {
    const element = page.locator(`[id="${id}"]`);
    if ((await element.getAttribute('class'))?.includes('form-field__error')) messages.push(await element.innerText());
  }
  return { invalid: await locator.getAttribute('aria-invalid'), messages };
}

/** Enter a brand the way a shopper does: type, press Enter. */
async function addBrand(page: Page, brand: string): Promise<void> {
  await field(page, 'Add a brand').fill(brand);
  await field(page, 'Add a brand').press('Enter');
}

/**
 * Holds the next `method` request to /api/profile until released, then lets it through to the
 * real gateway unchanged: the busy states (Loading profile data..., Saving...) are seen for sure.
 */
async function holdProfileCall(page: Page, method: 'GET' | 'PUT'): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route('**/api/profile', async (route) => {
    const request = route.request();
    // Only the profile screen's own call: the home page a sign-up lands on may still be asking for the profile.
    const fromProfileScreen = new URL((await request.headerValue('referer')) ?? 'about:blank').pathname === '/profile';
    if (held || request.method() !== method || !fromProfileScreen) return route.fallback();
    held = true;
    await released;
    await route.fallback();
  });
  return release;
}

describe('profile screen (web app in Chromium against the embedded product)', () => {
  let betaToken: string;
  let api: ApiClient;
  // More sign-ups than one client address gets in an hour.
  const suite = useBrowserAndProduct({ RATE_LIMIT_MULTIPLIER: '10' });

  beforeAll(async () => {
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
  }, 180_000);

  const url = suite.url;

  /** A fresh browser profile past the beta gate on `path`. */
  async function openPage(path: string, viewport: Viewport = VIEWPORTS[0]): Promise<Page> {
    const page = await suite.newPage(viewport);
    await page.goto(url(path));
    await passBetaGate(page, suite.product.demoBetaCode);
    return page;
  }

  /** Signs up through the API, then in through the sign-in screen; lands on /. */
  async function signedInPage(account: SignUpRequest, viewport: Viewport = VIEWPORTS[0]): Promise<Page> {
    await api.signUp(account);
    const page = await openPage('/signin', viewport);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/'));
    return page;
  }

  async function openProfile(page: Page): Promise<void> {
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await field(page, 'Name').waitFor();
  }

  it('fills each section, converts units, shows the unsaved bar, saves, and keeps everything after a reload', async () => {
    const account = newAccount('profile');
    // Sign up through the screen: the profile starts from the sign-up's name, e-mail and gender.
    const page = await openPage('/signup');
    await page.getByLabel('First Name').fill(account.firstName);
    await page.getByLabel('Last Name').fill(account.lastName);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByLabel('Gender').selectOption('female');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL(url('/'));

    // Loading first, then the form.
    const releaseLoad = await holdProfileCall(page, 'GET');
    await page.goto(url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await page.getByText('Loading profile data...', { exact: true }).waitFor();
    releaseLoad();
    await field(page, 'Name').waitFor();
    expect(await page.getByText('Loading profile data...').count()).toBe(0);

    expect(await field(page, 'Name').inputValue()).toBe('Ada Lovelace');
    const email = field(page, 'Email');
    expect(await email.inputValue()).toBe(account.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await fieldDescription(page, email)).toBe("This is the address you sign in with, so it can't be changed here.");
    expect(await field(page, 'Gender').inputValue()).toBe('female');
    // Name, e-mail and gender: 3 of the 6 parts.
    expect(await completion(page).getAttribute('aria-valuenow')).toBe('50');
    expect(await unsavedBar(page).count()).toBe(0);

    // Every section starts open, each a button that says so and controls its region.
    for (const title of ['Personal Information', 'Measurements', 'Favorite Brands', 'Sizes', 'Price alerts']) {
      const trigger = section(page, title);
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      const region = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
      expect(await region.getAttribute('role')).toBe('region');
    }

    // Personal Information.
    await field(page, 'Name').fill('Ada King');
    await unsavedBar(page).waitFor();
    expect(await saveButton(page).isEnabled()).toBe(true);
    await field(page, 'Gender').selectOption('male');

    // Measurements: each value in the default unit, then switched and converted (two decimals).
    const height = async () =>
      Promise.all(['Height', 'Height unit', 'Additional height', 'Additional height unit'].map((label) => field(page, label).inputValue()));
    await field(page, 'Height').fill('5');
    await field(page, 'Weight').fill('150');
    await field(page, 'Chest').fill('40');
    await field(page, 'Waist').fill('32');
    await field(page, 'Hips').fill('38');
    expect(await field(page, 'Height unit').inputValue()).toBe('ft');
    // There and back from what was typed, not from the rounded 1.52 (which would be 4.99 ft): 5 ft → 1.52 m → 5 ft.
    await field(page, 'Height unit').selectOption('m');
    expect(await height()).toEqual(['1.52', 'm', '', 'cm']);
    await field(page, 'Height unit').selectOption('ft');
    expect(await height()).toEqual(['5', 'ft', '', 'in']);
    // The additional height switches with the height, and the whole height converts: 5 ft 10 in is 1.78 m.
    await field(page, 'Additional height').fill('10');
    await field(page, 'Additional height unit').selectOption('cm');
    expect(await height()).toEqual(['1.78', 'm', '0', 'cm']);
    await field(page, 'Height unit').selectOption('ft');
    expect(await height()).toEqual(['5', 'ft', '10', 'in']);
    await field(page, 'Weight unit').selectOption('kg');
    expect(await field(page, 'Weight').inputValue()).toBe('68.04');
    await field(page, 'Chest unit').selectOption('cm');
    expect(await field(page, 'Chest').inputValue()).toBe('101.6');
    // There and back: 32 in → 81.28 cm → 32 in.
    await field(page, 'Waist unit').selectOption('cm');
    expect(await field(page, 'Waist').inputValue()).toBe('81.28');
    await field(page, 'Waist unit').selectOption('in');
    expect(await field(page, 'Waist').inputValue()).toBe('32');

    // Favorite Brands: Enter adds the trimmed brand; a blank one is ignored; duplicates are kept.
    await addBrand(page, '  Zara  ');
    expect(await field(page, 'Add a brand').inputValue()).toBe('');
    await addBrand(page, '   ');
    await addBrand(page, 'Nike');
    await addBrand(page, 'Zara');
    expect(await chips(page).allInnerTexts()).toEqual(['Zara', 'Nike', 'Zara']);
    // Enter added brands; it never submitted the form.
    expect(await unsavedBar(page).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove Nike' }).click();
    expect(await chips(page).allInnerTexts()).toEqual(['Zara', 'Zara']);
    await expectFocused(page, field(page, 'Add a brand'));

    // Sizes: male shows the men's fields and not the women's.
    await field(page, 'Top').fill('M');
    await field(page, 'Bottom').fill('32');
    await field(page, 'Shoes').fill('10');
    await field(page, 'Suit Jacket').fill('40R');
    await field(page, "Men's Shoe Size").fill('10.5');
    expect(await field(page, 'Dress Size').count()).toBe(0);

    expect(await completion(page).getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('Profile Complete!', { exact: true }).waitFor();

    // Save Changes → Saving... → the bar clears.
    const releaseSave = await holdProfileCall(page, 'PUT');
    await saveButton(page).click();
    const saving = page.getByRole('button', { name: 'Saving...' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    releaseSave();
    await unsavedBar(page).waitFor({ state: 'detached' });
    // The Save button is gone with the bar: focus is back on the last field used, not lost.
    await expectFocused(page, field(page, "Men's Shoe Size"));
    await page.unrouteAll({ behavior: 'wait' });

    // A reload shows everything kept.
    await page.reload();
    await field(page, 'Name').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Ada King');
    expect(await field(page, 'Email').inputValue()).toBe(account.email);
    expect(await field(page, 'Gender').inputValue()).toBe('male');
    const measurements = async () =>
      Promise.all(
        [
          ['Height', 'Height unit'],
          ['Additional height', 'Additional height unit'],
          ['Weight', 'Weight unit'],
          ['Chest', 'Chest unit'],
          ['Waist', 'Waist unit'],
          ['Hips', 'Hips unit'],
        ].map(async ([value, unit]) => `${await field(page, value!).inputValue()} ${await field(page, unit!).inputValue()}`),
      );
    expect(await measurements()).toEqual(['5 ft', '10 in', '68.04 kg', '101.6 cm', '32 in', '38 in']);
    expect(await chips(page).allInnerTexts()).toEqual(['Zara', 'Zara']);
    expect(await field(page, 'Top').inputValue()).toBe('M');
    expect(await field(page, 'Suit Jacket').inputValue()).toBe('40R');
    expect(await field(page, "Men's Shoe Size").inputValue()).toBe('10.5');
    expect(await completion(page).getAttribute('aria-valuenow')).toBe('100');
    expect(await unsavedBar(page).count()).toBe(0);
    await screenshot(page, 'profile-complete-1280');

    // The same, as the API has it.
    const session = JSON.parse((await page.evaluate<string | null>(`window.localStorage.getItem('closetly.session')`)) ?? '{}') as { accessToken: string };
    const stored = await createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken }).getProfile();
    expect(stored).toMatchObject({
      name: 'Ada King',
      email: account.email,
      gender: 'male',
      favoriteBrands: ['Zara', 'Zara'],
      measurements: {
        height: { mainValue: 5, mainUnit: 'ft', secondaryValue: 10, secondaryUnit: 'in' },
        weight: { value: 68.04, unit: 'kg' },
        chest: { value: 101.6, unit: 'cm' },
        waist: { value: 32, unit: 'in' },
        hips: { value: 38, unit: 'in' },
      },
      sizes: { top: 'M', bottom: '32', shoes: '10', suitJacket: '40R', menShoeSize: '10.5', dressSize: '' },
    });
  }, 120_000);

  it('ties an invalid value to its field, opens its section and moves focus to it; the max follows the height unit', async () => {
    const page = await signedInPage(newAccount('invalid'));
    await openProfile(page);

    // Secondary height 12 with ft: over the maximum of 11. Then the section is collapsed.
    const secondary = field(page, 'Additional height');
    await secondary.fill('12');
    await field(page, 'Weight').fill('-3');
    await section(page, 'Measurements').click();
    expect(await section(page, 'Measurements').getAttribute('aria-expanded')).toBe('false');
    expect(await secondary.count()).toBe(0);

    await saveButton(page).click();
    // The section opens again, the first invalid field takes focus, and its message is tied to it.
    await page.getByText('Must be at most 11', { exact: true }).waitFor();
    expect(await section(page, 'Measurements').getAttribute('aria-expanded')).toBe('true');
    await expectFocused(page, secondary);
    expect(await fieldError(page, secondary)).toEqual({ invalid: 'true', messages: ['Must be at most 11'] });
    expect(await fieldError(page, field(page, 'Weight'))).toEqual({ invalid: 'true', messages: ['Must be 0 or more'] });
    expect(await unsavedBar(page).isVisible()).toBe(true);
    // Focus scrolled the field and its label into view below the sticky header.
    const [headerBox, labelBox] = [await page.getByRole('banner').boundingBox(), await page.getByText('Additional height', { exact: true }).boundingBox()];
    expect(headerBox && labelBox && labelBox.y >= headerBox.y + headerBox.height).toBe(true);
    await screenshot(page, 'profile-invalid-1280', { fullPage: false });

    // A text that is not a number is named too, rather than silently emptied.
    await field(page, 'Chest').fill('abc');
    await saveButton(page).click();
    await page.getByText('Must be a number', { exact: true }).waitFor();
    await expectFocused(page, secondary);

    // With m the secondary maximum is 99: switching converts the 12 in (to 0.3 m + 0 cm), and 12 cm is fine.
    await field(page, 'Height unit').selectOption('m');
    await page.getByText('Must be at most 11').waitFor({ state: 'detached' });
    expect(await field(page, 'Height').inputValue()).toBe('0.3');
    await secondary.fill('12');
    expect(await fieldError(page, secondary)).toEqual({ invalid: null, messages: [] });
    await field(page, 'Weight').fill('60');
    await field(page, 'Chest').fill('');
    await saveButton(page).click();
    await unsavedBar(page).waitFor({ state: 'detached' });
    await page.reload();
    await field(page, 'Name').waitFor();
    expect(await secondary.inputValue()).toBe('12');
    expect(await field(page, 'Height unit').inputValue()).toBe('m');
    expect(await field(page, 'Chest').inputValue()).toBe('');
  }, 90_000);

  it("shows the men's size fields only for Male and the women's only for Female", async () => {
    const page = await signedInPage(newAccount('sizes', ''));
    await openProfile(page);
    const gender = field(page, 'Gender');
    expect(await gender.inputValue()).toBe('');
    expect(await gender.locator('option').allInnerTexts()).toEqual(['Select Gender', 'Male', 'Female', 'Other']);

    const shown = async () => ({
      shared: await field(page, 'Top').count(),
      men: await field(page, 'Suit Jacket').count(),
      women: await field(page, 'Dress Size').count(),
    });
    expect(await shown()).toEqual({ shared: 1, men: 0, women: 0 });
    await gender.selectOption('male');
    expect(await shown()).toEqual({ shared: 1, men: 1, women: 0 });
    for (const label of ['Dress Shirt Neck', 'Dress Shirt Arm', 'Dress Pant Width', 'Dress Pant Length', "Men's Shoe Size"]) {
      expect(await field(page, label).count()).toBe(1);
    }
    await gender.selectOption('female');
    expect(await shown()).toEqual({ shared: 1, men: 0, women: 1 });
    expect(await field(page, "Women's Pant Size").count()).toBe(1);
    expect(await field(page, "Women's Shoe Size").count()).toBe(1);
    await gender.selectOption('other');
    expect(await shown()).toEqual({ shared: 1, men: 0, women: 0 });

    // A hidden field keeps its value: Female, a dress size, Male, back to Female.
    await gender.selectOption('female');
    await field(page, 'Dress Size').fill('8');
    await gender.selectOption('male');
    await gender.selectOption('female');
    expect(await field(page, 'Dress Size').inputValue()).toBe('8');
  }, 90_000);

  it('says so when the profile cannot be loaded or saved, and puts the server\'s field messages on their fields', async () => {
    const page = await signedInPage(newAccount('failures'));
    // The first load fails at the network; Try again reaches the real API.
    let failLoad = true;
    await page.route('**/api/profile', (route) => (failLoad && route.request().method() === 'GET' ? route.abort() : route.fallback()));
    await page.goto(url('/profile'));
    await page.getByText('Failed to load profile data. Please try again later.', { exact: true }).waitFor();
    failLoad = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await field(page, 'Name').waitFor();

    // A save that fails keeps the edits and the bar, with the spec's message.
    await page.route('**/api/profile', (route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback()));
    await field(page, 'Name').fill('Ada B.');
    await saveButton(page).click();
    await page.getByText('Failed to save profile. Please try again.', { exact: true }).waitFor();
    expect(await unsavedBar(page).isVisible()).toBe(true);
    expect(await field(page, 'Name').inputValue()).toBe('Ada B.');
    await page.unrouteAll({ behavior: 'wait' });

    // The server's 400 names its field: the message lands under that field, which takes focus.
    // (The form's own check refuses the same value first, so the body is changed on its way out.)
    await page.route('**/api/profile', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      const body = route.request().postDataJSON() as { measurements: { height: { secondaryValue: number | null } } };
      body.measurements.height.secondaryValue = 12;
      return route.fallback({ postData: JSON.stringify(body) });
    });
    await field(page, 'Additional height').fill('3');
    await saveButton(page).click();
    await page.getByText('Must be at most 11', { exact: true }).waitFor();
    await expectFocused(page, field(page, 'Additional height'));
    expect(await fieldError(page, field(page, 'Additional height'))).toEqual({ invalid: 'true', messages: ['Must be at most 11'] });
    expect(await page.getByText('Failed to save profile. Please try again.', { exact: true }).isVisible()).toBe(true);
    await page.unrouteAll({ behavior: 'wait' });

    // Saved for real once the value passes: the error and the bar clear.
    await saveButton(page).click();
    await unsavedBar(page).waitFor({ state: 'detached' });
    expect(await fieldError(page, field(page, 'Additional height'))).toEqual({ invalid: null, messages: [] });
  }, 90_000);

  for (const viewport of VIEWPORTS) {
    it(`looks right at ${viewport.width} px, and the unsaved bar never hides the field being edited (${viewport.name})`, async () => {
      const page = await signedInPage(newAccount(`shot-${viewport.width}`), viewport);
      await openProfile(page);
      await screenshot(page, `profile-${viewport.width}`);

      await field(page, 'Height').fill('5');
      await field(page, 'Additional height').fill('7');
      // The height's two fields switch together: 5 ft 7 in is 1.70 m + 0 cm, and back is 5 ft 7 in again.
      await field(page, 'Height unit').selectOption('m');
      expect([await field(page, 'Height').inputValue(), await field(page, 'Additional height').inputValue()]).toEqual(['1.7', '0']);
      expect(await field(page, 'Additional height unit').inputValue()).toBe('cm');
      await page.getByText('Up to 99 while height is in m.', { exact: true }).waitFor();
      await field(page, 'Height').scrollIntoViewIfNeeded();
      await screenshot(page, `profile-height-metric-${viewport.width}`, { fullPage: false });
      await field(page, 'Additional height unit').selectOption('in');
      expect([await field(page, 'Height').inputValue(), await field(page, 'Additional height').inputValue()]).toEqual(['5', '7']);
      expect(await field(page, 'Height unit').inputValue()).toBe('ft');
      await addBrand(page, 'Zara');
      await addBrand(page, 'Massimo Dutti');
      await addBrand(page, '& Other Stories');
      await field(page, 'Dress Size').fill('8');
      await unsavedBar(page).waitFor();
      // The bar sticks to the bottom of the window: seen as the shopper sees it, at the top and at the end.
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, `profile-unsaved-top-${viewport.width}`, { fullPage: false });

      // Tabbing through the whole form, the focused control is never under the bar.
      await field(page, 'Name').focus();
      const seen: string[] = [];
      for (let step = 0; step < 80; step += 1) {
        const focus = await page.evaluate<{ label: string; inBar: boolean; bottom: number; barTop: number }>(`(() => {
          const element = document.activeElement;
          const bar = document.querySelector('.unsaved-bar');
          return {
            label: element.getAttribute('aria-label') || (element.labels && element.labels[0] ? element.labels[0].textContent : element.textContent),
            inBar: bar.contains(element),
            bottom: element.getBoundingClientRect().bottom,
            barTop: bar.getBoundingClientRect().top,
          };
        })()`);
        if (focus.inBar) break;
        seen.push(focus.label);
        expect({ label: focus.label, hidden: focus.bottom > focus.barTop + 0.5 }).toEqual({ label: focus.label, hidden: false });
        await page.keyboard.press('Tab');
      }
      expect(seen).toEqual(expect.arrayContaining(['Name', 'Hips unit', 'Remove Zara', 'Sizes', "Women's Shoe Size"]));
      expect(await page.evaluate<string | null>('document.activeElement.textContent')).toBe('Save Changes');

      // Scrolled to the end, the last field sits above the bar, which ends the form.
      const last = field(page, "Women's Shoe Size");
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      const [lastBox, barBox] = [await last.boundingBox(), await page.locator('.unsaved-bar').boundingBox()];
      expect(lastBox && barBox && lastBox.y + lastBox.height <= barBox.y).toBe(true);
      await screenshot(page, `profile-unsaved-end-${viewport.width}`, { fullPage: false });

      // No horizontal scrolling at this width.
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      await saveButton(page).click();
      await unsavedBar(page).waitFor({ state: 'detached' });
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, `profile-saved-${viewport.width}`);
    }, 90_000);
  }
});

/** The description (hint) tied to a field with aria-describedby. */
async function fieldDescription(page: Page, locator: Locator): Promise<string | null> {
  for (const id of ((await locator.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)) {
    const element = page.locator(`[id="${id}"]`);
    if ((await element.getAttribute('class'))?.includes('form-field__description')) return element.innerText();
  }
  return null;
}
