import { toolDownloadFailed } from '@lightpath/domain/equipment-tools';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { EquipmentToolDownloads } from './equipment-tool-downloads';

vi.setConfig({ testTimeout: 20_000 });

const files = [
  ['mRemoteNG connections', 'mremotexml', 'lightpath-mremoteng.xml'],
  ['Site Manager node list', 'sitemanagerprofile', 'lightpath-site-manager-6500.csv'],
  ['PowerSuite site list', 'powersuiteprofile', 'lightpath-powersuite-sites.csv'],
] as const;

// The browser's side of a download: the anchor click is recorded and jsdom is given object URLs.
function recordSaves() {
  const saved: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:file');
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    },
  );
  return { saved, createObjectURL };
}

function show(routes: Parameters<typeof renderSignedIn>[3]) {
  return renderSignedIn(
    sessionFor(1),
    [{ path: '/equipment', element: <EquipmentToolDownloads /> }],
    '/equipment',
    routes,
  );
}

describe('EquipmentToolDownloads', () => {
  it('is a menu button offering the three files, each named by what it is, that Escape closes', async () => {
    show({});
    const button = await screen.findByRole('button', { name: 'Downloads' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Enter and Space on a focused button are a click; the menu then takes the arrow keys.
    fireEvent.click(button);
    const items = await screen.findAllByRole('menuitem');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(
      files.map(([label, , filename]) => `Download ${label} (${filename})`),
    );
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });

  it.each(files)(
    'downloads %s with the session token under its own file name',
    async (label, kind, filename) => {
      const { saved, createObjectURL } = recordSaves();
      const { calls } = show({ [`GET /api/tools/generate/${kind}`]: { text: `${kind} body` } });
      fireEvent.click(await screen.findByRole('button', { name: 'Downloads' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: `Download ${label} (${filename})` }));
      await waitFor(() => expect(saved).toEqual([{ href: 'blob:file', download: filename }]));
      const call = calls.find((c) => c.url === `/api/tools/generate/${kind}`);
      expect(call?.headers['X-AUTH-TOKEN']).toBe('token');
      expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(`${kind} body`);
    },
  );

  it("says so when the file cannot be made, in the server's words, and saves nothing", async () => {
    const { saved } = recordSaves();
    show({
      'GET /api/tools/generate/mremotexml': {
        status: 500,
        body: { result: 'Failure', message: 'The database is not answering' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Downloads' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /mRemoteNG/ }));
    expect(await screen.findByText('The database is not answering')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('falls back to its own words when the server gave none', async () => {
    recordSaves();
    show({ 'GET /api/tools/generate/powersuiteprofile': { status: 502, text: 'Bad Gateway' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Downloads' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /PowerSuite/ }));
    expect(await screen.findByText(toolDownloadFailed)).toBeTruthy();
  });
});
