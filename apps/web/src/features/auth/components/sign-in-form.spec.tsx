import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { axe } from 'jest-axe';
import { deferred, fakeApi, renderWithApp, session, type Reply } from '../../../../test/component/harness';
import { SignInForm } from './sign-in-form';

const email = () => screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;

describe('SignInForm', () => {
  it('signs in with POST /api/auth/signin: Signing in... while on its way, then the session starts', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi({ 'POST /api/auth/signin': () => answer.promise, 'GET /api/auth/oidc/options': { body: { google: false } } });
    const { user, store, container } = renderWithApp(<SignInForm />, { route: '/signin' });
    await user.type(email(), 'Ada@Example.com');
    await user.type(password(), 'Secret!123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(api.callsTo('POST /api/auth/signin').map((call) => call.body)).toEqual([{ email: 'ada@example.com', password: 'Secret!123' }]);
    expect(await axe(container)).toHaveNoViolations();

    answer.resolve({ body: session() });
    await waitFor(() => expect(store.getState().status).toBe('signedIn'));
    expect(screen.queryByRole('button', { name: 'Signing in...' })).toBeNull();
    // No provider configured: no "with Google" button.
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('names the empty fields under them and moves the focus to the first, without calling the server', async () => {
    const api = fakeApi();
    const { user, container } = renderWithApp(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toBe('Please enter your email address');
    expect(api.callsTo('POST /api/auth/signin')).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('announces a wrong password in an alert', async () => {
    fakeApi({ 'POST /api/auth/signin': { status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } } } });
    const { user } = renderWithApp(<SignInForm />);
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('Forgot password? asks for the address first, then sends the reset e-mail and says so', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi({ 'POST /api/auth/forgot-password': () => answer.promise });
    const { user } = renderWithApp(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email address');
    expect(document.activeElement).toBe(email());

    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('button', { name: 'Sending reset email...' }).getAttribute('aria-busy')).toBe('true');
    expect(api.callsTo('POST /api/auth/forgot-password').map((call) => call.body)).toEqual([{ email: 'ada@example.com' }]);
    answer.resolve({ status: 202, body: { accepted: true } });
    expect((await screen.findByRole('status')).textContent).toBe('Password reset email sent. Please check your inbox.');
  });

  it('offers Sign in with Google when the server has a provider', async () => {
    fakeApi({ 'GET /api/auth/oidc/options': { body: { google: true } } });
    const { container } = renderWithApp(<SignInForm />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(await axe(container)).toHaveNoViolations();
  });
});
