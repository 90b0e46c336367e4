import { PASSWORD_MISMATCH_MESSAGE } from '@closetly/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { deferred, fakeApi, renderWithApp, session, type Reply } from '../../../../test/component/harness';
import { SignUpForm } from './sign-up-form';

const password = () => screen.getByLabelText('Password') as HTMLInputElement;
/** The checklist items as read out: the rule and whether it is met. */
const checklist = () => within(screen.getByRole('list', { name: '' })).getAllByRole('listitem').map((item) => item.textContent?.replace(/^[✓○]/, ''));

describe('SignUpForm', () => {
  it('ticks the password checklist as the shopper types, politely announced and tied to the field', async () => {
    fakeApi();
    const { user, container } = renderWithApp(<SignUpForm />);
    const list = password().getAttribute('aria-describedby');
    expect(list).toBeTruthy();
    const rules = document.querySelector('.password-rules');
    expect(rules?.getAttribute('aria-live')).toBe('polite');
    expect(document.getElementById(list?.split(' ')[0] ?? '')?.contains(rules as Node)).toBe(true);
    expect(checklist()).toEqual([
      'At least 8 characters, not met yet',
      'At least one uppercase letter, not met yet',
      'At least one lowercase letter, not met yet',
      'At least one number, not met yet',
      'At least one symbol: ! @ # $ % ^ & *, not met yet',
      'Only letters, numbers and those symbols, not met yet',
    ]);

    await user.type(password(), 'abc D');
    expect(checklist()).toEqual([
      'At least 8 characters, not met yet',
      'At least one uppercase letter, met',
      'At least one lowercase letter, met',
      'At least one number, not met yet',
      'At least one symbol: ! @ # $ % ^ & *, not met yet',
      'Only letters, numbers and those symbols (not allowed: space), not met yet',
    ]);
    await user.clear(password());
    await user.type(password(), 'Secret!123');
    expect(checklist().every((item) => item?.endsWith(', met'))).toBe(true);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('checks the form with the shared schema: focus on the first error, Passwords do not match under Confirm Password', async () => {
    const api = fakeApi();
    const { user } = renderWithApp(<SignUpForm />);
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    await user.type(password(), 'Secret!123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret!124');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    const described = (confirm.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(PASSWORD_MISMATCH_MESSAGE);
    expect(api.callsTo('POST /api/auth/signup')).toEqual([]);
  });

  it("signs up with POST /api/auth/signup (Signing up... on the way) and puts the server's field messages on their fields", async () => {
    const answer = deferred<Reply>();
    const api = fakeApi({ 'POST /api/auth/signup': () => answer.promise });
    const { user, store } = renderWithApp(<SignUpForm />);
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.type(password(), 'Secret!123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret!123');
    await user.selectOptions(screen.getByRole('combobox', { name: /Gender/ }), 'Female');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(screen.getByRole('button', { name: 'Signing up...' }).getAttribute('aria-busy')).toBe('true');
    expect(api.callsTo('POST /api/auth/signup').map((call) => call.body)).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Secret!123', gender: 'female' },
    ]);
    answer.resolve({ status: 409, body: { error: { code: 'EMAIL_TAKEN', message: 'Email already in use', fields: { email: ['Email already in use'] } } } });
    const emailField = screen.getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(emailField.getAttribute('aria-invalid')).toBe('true'));
    expect((emailField.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Email already in use');
    expect(store.getState().status).toBe('signedOut');

    api.on('POST /api/auth/signup', { status: 201, body: session() });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(store.getState().status).toBe('signedIn'));
  });
});
