import { contactMessages } from '@lightpath/domain/contacts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerListItem } from '../../../lib/queries/list-customers';
import {
  ok,
  page,
  renderSignedIn,
  robin,
  robinDetail,
  sessionFor,
} from '../../../test/contacts-test-fixtures';
import type { mockFetch } from '../../../test/fetch-mock';
import { customer } from '../../../test/page-fixtures';
import { ContactsPage } from './contacts-page';

vi.setConfig({ testTimeout: 20_000 });

type Routes = Parameters<typeof mockFetch>[0];

const customers = page<CustomerListItem>([
  { ...customer(7), usercount: 2 },
  {
    ...customer(7),
    customerid: 8,
    customername: 'Eastbrook Health',
    customercode: 'EBH',
    code: 'EBH',
    usercount: 1,
  },
]);

function render(type: Parameters<typeof sessionFor>[0], url: string, routes: Routes) {
  return renderSignedIn(
    sessionFor(type),
    [
      { path: '/contacts', element: <ContactsPage /> },
      { path: '/contact/:contactid', element: <p>Contact page {robinDetail.contactid}</p> },
    ],
    url,
    { 'GET /api/customers': customers, ...routes },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('ContactsPage', () => {
  it('lists a customer user its contacts with their site counts, and offers no New contact', async () => {
    const { calls } = render(5, '/contacts', { 'GET /api/contacts': page([robin]) });
    const link = await screen.findByRole('link', { name: 'Robin Hart' });
    expect(link.getAttribute('href')).toBe('/contact/31');
    expect(screen.getByText('Network Manager')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New contact' })).toBeNull();
    // No customer column or filter for a customer: its contacts are all its own.
    expect(screen.queryByRole('textbox', { name: 'Filter by customer' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/customers'))).toBe(false);
  });

  it('keeps search, customer, sort and page in the URL and asks the API for them', async () => {
    const { calls } = render(1, '/contacts?customerid=7&sort=-sitecount&page=2&q=hart', {
      'GET /api/contacts': ok({ count: 30, limit: 25, offset: 25, results: [robin] }),
    });
    await screen.findByRole('link', { name: 'Robin Hart' });
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/contacts'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      limit: '25',
      offset: '25',
      q: 'hart',
      customerid: '7',
      sort: '-sitecount',
    });
    expect(screen.getByText('University of Northgate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(where()).toBe('/contacts?customerid=7&sort=contactname&q=hart'));
  });

  it("says 'An error occurred retrieving contacts' when the list fails", async () => {
    render(1, '/contacts', {
      'GET /api/contacts': { status: 500, body: { result: 'Failure', message: 'Something went wrong' } },
    });
    expect(await screen.findByText(contactMessages.loadFailed)).toBeTruthy();
  });

  it('shows an empty state, with a way out of the filters', async () => {
    render(1, '/contacts?q=nobody', { 'GET /api/contacts': page([]) });
    expect(await screen.findByText('No contacts match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/contacts'));
  });

  it('refuses an incomplete new contact with the domain messages and sends nothing', async () => {
    const { calls } = render(1, '/contacts', { 'GET /api/contacts': page([robin]) });
    fireEvent.click(await screen.findByRole('button', { name: 'New contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'robin@' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Office phone' }), {
      target: { value: 'ring me' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText(contactMessages.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(contactMessages.customerRequired)).toBeTruthy();
    expect(within(dialog).getByText(contactMessages.emailInvalid)).toBeTruthy();
    expect(within(dialog).getByText(contactMessages.phoneInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("creates a customer admin's contact without naming a customer, then opens it", async () => {
    const { calls } = render(4, '/contacts?action=new-contact', {
      'GET /api/contacts': page([robin]),
      'POST /api/contact': { status: 201, ...ok(robinDetail, contactMessages.created) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    expect(within(dialog).getByDisplayValue('University of Northgate')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Robin Hart' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'robin.hart@northgate.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('Contact page 31', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        contactname: 'Robin Hart',
        email: 'robin.hart@northgate.example',
        title: null,
        office: null,
        mobile: null,
      },
    ]);
    expect(await screen.findByText(contactMessages.created)).toBeTruthy();
  });

  it('puts a 400 from the server on its field', async () => {
    render(1, '/contacts?action=new-contact&customerid=8', {
      'GET /api/contacts': page([robin]),
      'POST /api/contact': {
        status: 400,
        body: {
          result: 'Failure',
          message: contactMessages.customerNotFound,
          payload: { errors: [{ path: 'customerid', message: contactMessages.customerNotFound }] },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Dana' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText(contactMessages.customerNotFound)).toBeTruthy();
  });
});
