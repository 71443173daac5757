import { contactMessages } from '@lightpath/domain/contacts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderSignedIn, robinDetail, sessionFor } from '../../../test/contacts-test-fixtures';
import type { mockFetch } from '../../../test/fetch-mock';
import { ContactPage } from './contact-page';

vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

function render(type: Parameters<typeof sessionFor>[0], url: string, routes: Routes) {
  return renderSignedIn(
    sessionFor(type),
    [
      { path: '/contact/:contactid', element: <ContactPage /> },
      { path: '/contacts', element: <p>Contacts list</p> },
    ],
    url,
    routes,
  );
}

describe('ContactPage', () => {
  it('shows the contact and the sites it stands for, with their types and links', async () => {
    render(5, '/contact/31', { 'GET /api/contact/31': ok(robinDetail) });
    expect(await screen.findByRole('heading', { name: 'Robin Hart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /robin\.hart@/ }).getAttribute('href')).toBe(
      'mailto:robin.hart@northgate.example',
    );
    expect(screen.getByRole('link', { name: '0412 556 001' }).getAttribute('href')).toBe('tel:0412556001');
    const sites = screen.getByRole('region', { name: 'Sites' });
    expect(within(sites).getByRole('link', { name: 'Northgate Library' }).getAttribute('href')).toBe(
      '/site/12',
    );
    expect(within(sites).getByText('Primary')).toBeTruthy();
    expect(within(sites).getByText('Emergency')).toBeTruthy();
    // A customer user may look but not change.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("says the contact is not found for another customer's id", async () => {
    render(4, '/contact/99', {
      'GET /api/contact/99': { status: 404, body: { result: 'Failure', message: contactMessages.notFound } },
    });
    expect(await screen.findByText('Not found')).toBeTruthy();
  });

  it('edits only the changed fields', async () => {
    const { calls } = render(4, '/contact/31', {
      'GET /api/contact/31': ok(robinDetail),
      'PUT /api/contact/31': ok({ ...robinDetail, title: 'Head of IT' }, contactMessages.updated),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Robin Hart' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(contactMessages.emailInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: robinDetail.email },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Head of IT' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(contactMessages.updated)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ title: 'Head of IT' }]);
  });

  it('asks before deleting, says what goes with it, then returns to the list', async () => {
    const { calls } = render(1, '/contact/31', {
      'GET /api/contact/31': ok(robinDetail),
      'DELETE /api/contact/31': { body: { result: 'Success', message: contactMessages.deleted } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact' });
    expect(within(dialog).getByText(/2 sites/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete contact' }));
    expect(await screen.findByText('Contacts list', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/contact/31']);
    await waitFor(() => expect(screen.getByText(`${contactMessages.deleted}: Robin Hart`)).toBeTruthy());
  });
});
