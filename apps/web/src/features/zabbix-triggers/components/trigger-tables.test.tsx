import '../../../test/dom-shims';
import type { ZabbixTrigger } from '@lightpath/domain/zabbix-triggers';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../lib/theme';
import { mutedPsu, psu } from '../../../test/zabbix-test-fixtures';
import { MutedTable, TriggerSearchResults } from './trigger-tables';

const fan: ZabbixTrigger = {
  ...psu,
  triggerid: '23202',
  description: 'Fan tray 1 failed on Eastbrook PoP PE router',
  severity: 'warning',
  enabled: false,
  problem: false,
  mute: { mutedby: 'Priya Raman', since: 1_790_000_000, until: 1_790_043_200, reason: 'Fan swap' },
};

const mutedLos = mutedPsu;

const original = window.matchMedia;
// A phone's width: every max-width query matches.
function onPhone() {
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: /max-width/.test(query),
  })) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = original;
});

// Both lists side by side, as the page shows them, with the actions recorded.
function showBoth() {
  const onMute = vi.fn();
  const onUnmute = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <MutedTable rows={[mutedLos]} onUnmute={onUnmute} />
      <TriggerSearchResults rows={[psu, fan]} onMute={onMute} />
    </MantineProvider>,
  );
  return { onMute, onUnmute };
}

describe('the Zabbix trigger lists', () => {
  it('are tables on a wide screen, with Mute and Unmute buttons named for their trigger', () => {
    const { onMute, onUnmute } = showBoth();
    expect(screen.getAllByRole('table')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: `Unmute ${mutedLos.description}` }));
    expect(onUnmute).toHaveBeenCalledWith(mutedLos);
    fireEvent.click(screen.getByRole('button', { name: `Mute ${psu.description}` }));
    expect(onMute).toHaveBeenCalledWith(psu);
    // A muted trigger says until when instead of offering a second mute.
    expect(screen.queryByRole('button', { name: `Mute ${fan.description}` })).toBeNull();
    expect(screen.getByText(/^Muted until/)).toBeTruthy();
  });

  it('are cards on a phone, each with its level, what the list adds and a full-width button', () => {
    onPhone();
    const { onMute, onUnmute } = showBoth();
    expect(screen.queryByRole('table')).toBeNull();
    const muted = screen.getByRole('article', { name: mutedLos.description });
    expect(within(muted).getByText('Critical')).toBeTruthy();
    expect(within(muted).getByText(mutedLos.reason)).toBeTruthy();
    expect(within(muted).getByText(/^Muted by Priya Raman/)).toBeTruthy();
    const unmute = within(muted).getByRole('button', { name: `Unmute ${mutedLos.description}` });
    expect(unmute.getAttribute('data-block')).toBe('true');
    fireEvent.click(unmute);
    expect(onUnmute).toHaveBeenCalledWith(mutedLos);

    const found = screen.getByRole('article', { name: psu.description });
    expect(within(found).getByText('Problem')).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: `Mute ${psu.description}` }));
    expect(onMute).toHaveBeenCalledWith(psu);
    const alreadyMuted = screen.getByRole('article', { name: fan.description });
    expect(within(alreadyMuted).queryByRole('button')).toBeNull();
    expect(within(alreadyMuted).getByText(/^Muted until/)).toBeTruthy();
  });
});
