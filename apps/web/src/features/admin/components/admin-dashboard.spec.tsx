import type { Product } from '@closetly/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { deferred, fakeApi, productView, renderWithApp, type Reply } from '../../../../test/component/harness';
import { AdminDashboard } from './admin-dashboard';

const JUMPER: Product = { ...productView(), gender: 'Unisex', listed: true, hidden: false };
const SCARF: Product = { ...productView({ id: '00000000-0000-4000-8000-00000000000a', name: 'Silk Scarf', brand: 'Arket', price: 45 }), listed: false, hidden: false };
const AT_RISK = [
  { itemId: JUMPER.id, lastUnsavedAt: '2026-11-20T09:30:00.000Z', daysUntilDeletion: 3, savedByUsers: [], product: JUMPER },
  { itemId: '00000000-0000-4000-8000-00000000000b', lastUnsavedAt: '2026-10-01T09:30:00.000Z', daysUntilDeletion: 0, savedByUsers: ['u1', 'u2'], product: null },
];

const adminApi = (atRisk: Reply = { body: AT_RISK }) =>
  fakeApi({
    'GET /api/at-risk-items': atRisk,
    'GET /api/products/ungendered': { body: [SCARF] },
    'GET /api/admin/contested-products': { body: [] },
    'GET /api/admin/system': { body: { services: [], deadLetters: [] } },
  });

const rowsOf = (name: string) =>
  within(within(screen.getByRole('region', { name })).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('AdminDashboard', () => {
  it('loads the at-risk and ungendered tables, busy and announced while loading', async () => {
    const atRisk = deferred<Reply>();
    const api = adminApi();
    api.on('GET /api/at-risk-items', () => atRisk.promise);
    const { container } = renderWithApp(<AdminDashboard />, { user: { roles: ['admin'] } });
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('aria-busy')).toBe('true');

    atRisk.resolve({ body: AT_RISK });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(rowsOf('At Risk Items')).toEqual([
      [`Cable Knit Jumper${JUMPER.id}`, expect.stringContaining('Nov 20, 2026'), '3 days until deletion', 'No active saves'],
      [`No longer in the catalogue${AT_RISK[1]!.itemId}`, expect.stringContaining('Oct 1, 2026'), 'Pending Deletion', '2 users'],
    ]);
    expect(rowsOf('Products Missing Gender Tags')).toEqual([['', 'Silk Scarf', 'Arket', '$45.00', 'Edit']]);
    expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('aria-busy')).toBe(false);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('edits a product in its dialog: Save Gender and Hide Product each say when done, and Escape gives the focus back', async () => {
    const api = adminApi();
    api.on(`PUT /api/products/${SCARF.id}/gender`, (call) => ({ body: { ...SCARF, ...(call.body as object) } }));
    api.on(`PUT /api/products/${SCARF.id}/hidden`, (call) => ({ body: { ...SCARF, ...(call.body as object) } }));
    const { user } = renderWithApp(<AdminDashboard />, { user: { roles: ['admin'] } });
    const edit = await screen.findByRole('button', { name: 'Edit Silk Scarf' });
    await user.click(edit);

    const dialog = screen.getByRole('dialog', { name: 'Silk Scarf' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Gender' }), 'Men');
    await user.click(within(dialog).getByRole('button', { name: 'Save Gender' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Gender set to Men.');
    expect(api.callsTo(`PUT /api/products/${SCARF.id}/gender`).map((call) => call.body)).toEqual([{ gender: 'Men' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Hide Product' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Hidden from every list.');
    expect(within(dialog).getByRole('button', { name: 'Show Product' })).toBeTruthy();
    expect(api.callsTo(`PUT /api/products/${SCARF.id}/hidden`).map((call) => call.body)).toEqual([{ hidden: true }]);
    expect(await axe(document.body)).toHaveNoViolations();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Silk Scarf' })));
  });

  it('shows a failed load in an alert and empties both lists', async () => {
    adminApi({ status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } });
    const { container } = renderWithApp(<AdminDashboard />, { user: { roles: ['admin'] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch at-risk items: Database unavailable.');
    expect(rowsOf('At Risk Items')).toEqual([['No items are currently at risk of deletion.']]);
    expect(rowsOf('Products Missing Gender Tags')).toEqual([['No products missing gender tags.']]);
    expect(await axe(container)).toHaveNoViolations();
  });
});
