import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { deferred, fakeApi, renderWithApp, type Reply } from '../../../../test/component/harness';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  it('sets the new password with the link token (Resetting password... on the way), then offers Sign in', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi({ 'POST /api/auth/reset-password': () => answer.promise });
    const { user, container } = renderWithApp(<ResetPasswordForm token="reset-token-1" />);
    await user.type(screen.getByLabelText('New Password'), 'Secret!123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret!123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByRole('button', { name: 'Resetting password...' }).getAttribute('aria-busy')).toBe('true');
    expect(api.callsTo('POST /api/auth/reset-password').map((call) => call.body)).toEqual([{ token: 'reset-token-1', password: 'Secret!123' }]);
    expect(await axe(container)).toHaveNoViolations();

    answer.resolve({ status: 204 });
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been reset. You can now sign in with your new password.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says an expired link is invalid and disables the form', async () => {
    fakeApi({ 'POST /api/auth/reset-password': { status: 400, body: { error: { code: 'INVALID_RESET_TOKEN', message: 'This reset link is invalid or has expired.' } } } });
    const { user, container } = renderWithApp(<ResetPasswordForm token="old-token" />);
    await user.type(screen.getByLabelText('New Password'), 'Secret!123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret!123{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired.');
    expect(screen.getByLabelText('New Password')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Reset password' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/signin');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('refuses a password that breaks the rule, without calling the server', async () => {
    const api = fakeApi();
    const { user } = renderWithApp(<ResetPasswordForm token="reset-token-1" />);
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const field = screen.getByLabelText('New Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(api.calls).toEqual([]);
  });
});
