import { reportPeriodMessages, reportPreset } from '@lightpath/domain/report-period';
import { defaultPortalTimeZone } from '@lightpath/domain/time';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReportPeriod } from '../lib/use-report-period';
import { renderRoutes } from '../test/render';
import { ReportPeriodPicker } from './report-period-picker';

function Report() {
  const period = useReportPeriod('last-quarter');
  return (
    <>
      <ReportPeriodPicker period={period} />
      <output aria-label="asked">
        {period.query ? `${period.query.from}..${period.query.to}` : 'nothing'}
      </output>
    </>
  );
}

const now = Math.floor(Date.now() / 1000);
const preset = (value: Parameters<typeof reportPreset>[0]) => reportPreset(value, now, defaultPortalTimeZone);
const asked = () => screen.getByLabelText('asked').textContent;

afterEach(cleanup);

describe('ReportPeriodPicker', () => {
  it('asks for the default preset when the URL names no days', () => {
    renderRoutes([{ path: '/r', element: <Report /> }], '/r');
    const quarter = preset('last-quarter');
    expect(asked()).toBe(`${quarter.from}..${quarter.to}`);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', 'Last quarter');
  });

  it('writes a chosen preset into the URL as days, so the back button returns to the last one', async () => {
    const { router } = renderRoutes([{ path: '/r', element: <Report /> }], '/r');
    const input = screen.getByRole('combobox', { name: 'Period' });
    fireEvent.click(input);
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(await within(listbox).findByRole('option', { name: 'Last 12 months', hidden: true }));
    const year = preset('last-12-months');
    await waitFor(() => expect(asked()).toBe(`${year.from}..${year.to}`));
    expect(router.state.location.search).toBe(`?from=${year.from}&to=${year.to}`);
    await router.navigate(-1);
    const quarter = preset('last-quarter');
    await waitFor(() => expect(asked()).toBe(`${quarter.from}..${quarter.to}`));
  });

  it('reads days from the URL, shows them as custom days, and asks for nothing while they are reversed', async () => {
    renderRoutes([{ path: '/r', element: <Report /> }], '/r?from=2026-03-10&to=2026-04-20');
    expect(asked()).toBe('2026-03-10..2026-04-20');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', 'Custom days…');
    const to = screen.getByLabelText(/^To \(/);
    fireEvent.change(to, { target: { value: '2026-03-01' } });
    await waitFor(() => expect(asked()).toBe('nothing'));
    expect(screen.getByText(reportPeriodMessages.reversed)).toBeTruthy();
  });

  it('refuses a period over the maximum with its message', () => {
    renderRoutes([{ path: '/r', element: <Report /> }], '/r?from=2020-01-01&to=2026-01-01');
    expect(asked()).toBe('nothing');
    expect(screen.getByText(reportPeriodMessages.tooLong)).toBeTruthy();
  });
});
