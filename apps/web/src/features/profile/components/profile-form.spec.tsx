import { emptyProfile, type Profile } from '@closetly/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import { deferred, fakeApi, renderWithApp, type Reply } from '../../../../test/component/harness';
import { ProfileForm } from './profile-form';

const PROFILE: Profile = emptyProfile('ada@example.com', 'Ada Lovelace', 'female');

const renderForm = (profile: Profile = PROFILE) => renderWithApp(<ProfileForm uid="user-1" profile={profile} />, { user: {} });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const unit = (name: string) => screen.getByRole('combobox', { name: `${name} unit` }) as HTMLSelectElement;

describe('ProfileForm', () => {
  it('shows the loaded profile, with no unsaved bar until something changes', async () => {
    const { user, container } = renderForm();
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();

    await user.type(field('Chest'), '36');
    // Two live regions: the unsaved bar's, and the one that says the profile is saved (empty until then).
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['', 'You have unsaved changes']);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('switches units with exact round trips from what was typed: 5 ft is 1.52 m and 5 ft again; 150 lbs back from kg', async () => {
    const { user } = renderForm();
    await user.type(field('Height'), '5');
    await user.selectOptions(unit('Height'), 'm');
    expect(field('Height').value).toBe('1.52');
    // The height's pair switches together.
    expect(unit('Additional height').value).toBe('cm');
    await user.selectOptions(unit('Height'), 'ft');
    expect(field('Height').value).toBe('5');
    expect(unit('Additional height').value).toBe('in');

    await user.type(field('Weight'), '150');
    await user.selectOptions(unit('Weight'), 'kg');
    expect(field('Weight').value).toBe('68.04');
    await user.selectOptions(unit('Weight'), 'lbs');
    expect(field('Weight').value).toBe('150');

    // A whole height converts as one: 5 ft 7 in is 1.70 m and 0 cm.
    await user.type(field('Additional height'), '7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Additional height unit' }), 'cm');
    expect([field('Height').value, field('Additional height').value]).toEqual(['1.7', '0']);
  });

  it('saves the whole profile with PUT /api/profile: Saving... while on its way, then the bar goes', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi({ 'PUT /api/profile': () => answer.promise, 'GET /api/profile': (call) => ({ body: { ...PROFILE, ...(call.body as object) } }) });
    const { user } = renderForm();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Ada King');
    await user.type(field('Waist'), '30');
    await user.selectOptions(unit('Waist'), 'cm');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving.getAttribute('aria-busy')).toBe('true');
    const [put] = api.callsTo('PUT /api/profile');
    const body = put?.body as Profile;
    expect(body.name).toBe('Ada King');
    expect(body.measurements.waist).toEqual({ value: 76.2, unit: 'cm' });

    answer.resolve({ body: { ...PROFILE, name: 'Ada King', measurements: { ...PROFILE.measurements, waist: { value: 76.2, unit: 'cm' } } } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Save Changes|Saving/ })).toBeNull());
    expect(field('Name').value).toBe('Ada King');
  });

  it('refuses what is not a number, ties the message to the field and moves the focus to it', async () => {
    const api = fakeApi();
    const { user, container } = renderForm();
    await user.type(field('Hips'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const hips = field('Hips');
    await waitFor(() => expect(document.activeElement).toBe(hips));
    expect(hips.getAttribute('aria-invalid')).toBe('true');
    const description = (hips.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(description).toContain('Must be a number');
    expect(api.callsTo('PUT /api/profile')).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says the save failed in an alert and keeps the changes', async () => {
    fakeApi({ 'PUT /api/profile': { status: 500, body: { message: 'Internal error' } } });
    const { user } = renderForm();
    await user.type(field('Chest'), '40');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save profile. Please try again.');
    expect(field('Chest').value).toBe('40');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });
});
