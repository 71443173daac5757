import { zabbixTriggerMessages } from '@lightpath/domain/zabbix-triggers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderSignedIn, sessionFor } from '../../../test/page-fixtures';
import { mutedPsu, psu } from '../../../test/zabbix-test-fixtures';
import { ZabbixTriggersPage } from './zabbix-triggers-page';

vi.setConfig({ testTimeout: 20_000 });

const list = (results: unknown[]) => ok({ count: results.length, results });

function render(
  type: Parameters<typeof sessionFor>[0],
  url: string,
  replies: Parameters<typeof renderSignedIn>[3],
) {
  return renderSignedIn(
    sessionFor(type),
    [{ path: '/equipment/zabbix-triggers', element: <ZabbixTriggersPage /> }],
    url,
    replies,
  );
}

describe('ZabbixTriggersPage', () => {
  it('refuses the technician and customers, and calls nothing', async () => {
    for (const type of [2, 4, 5] as const) {
      const { calls, unmount } = render(type, '/equipment/zabbix-triggers', {});
      expect(await screen.findByText('Not available to your role')).toBeTruthy();
      expect(calls).toEqual([]);
      unmount();
    }
  });

  it('lists what is muted, with who, why and until when', async () => {
    render(3, '/equipment/zabbix-triggers', { 'GET /api/zabbix/trigger/muted': list([mutedPsu]) });
    const table = await screen.findByRole('table');
    expect(within(table).getByText(mutedPsu.description)).toBeTruthy();
    expect(within(table).getByText('Priya Raman')).toBeTruthy();
    expect(within(table).getByText(mutedPsu.reason)).toBeTruthy();
    expect(within(table).getByText('Critical')).toBeTruthy();
  });

  it('searches triggers and mutes one with a duration and a reason, checking the reason first', async () => {
    const { calls } = render(1, '/equipment/zabbix-triggers?q=eastbrook', {
      'GET /api/zabbix/trigger/muted': list([]),
      'POST /api/zabbix/trigger/search': list([psu]),
      'POST /api/zabbix/trigger/mute': ok({ ...psu, enabled: false, mute: { ...mutedPsu } }, 'Trigger muted'),
    });
    expect(await screen.findByText('Nothing is muted')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: `Mute ${psu.description}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute trigger' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByText(zabbixTriggerMessages.reasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/mute'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'PSU swap tonight' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/mute'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/mute'))!.body).toEqual({
      triggerid: psu.triggerid,
      minutes: 720,
      reason: 'PSU swap tonight',
    });
    expect(calls.find((c) => c.url.endsWith('/search'))!.body).toEqual({ q: 'eastbrook' });
  });

  it('says Zabbix cannot be reached when the search answers 502', async () => {
    render(1, '/equipment/zabbix-triggers?q=eastbrook', {
      'GET /api/zabbix/trigger/muted': list([]),
      'POST /api/zabbix/trigger/search': {
        status: 502,
        body: { result: 'Failure', message: zabbixTriggerMessages.unavailable },
      },
    });
    expect(await screen.findByText(zabbixTriggerMessages.unavailable)).toBeTruthy();
  });
});
