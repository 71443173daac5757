import { MantineProvider, Modal, NumberInput, Select } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/dom-shims';
import { theme } from './theme';

afterEach(cleanup);

describe('the theme', () => {
  it.each([
    ['VLAN', 0, 9999, '12345'],
    ['Latitude', -90, 90, '123'],
    ['Insertion loss', 0, 100, '250'],
  ])('keeps an out-of-range %s as typed on blur, for its rule to refuse', (label, min, max, typed) => {
    render(
      <MantineProvider theme={theme}>
        <NumberInput label={label} min={min} max={max} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText(label) as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(input.value).toBe(typed);
  });

  // Issue 12: a drop-down placed absolutely in the page widened it on a phone and flickered; a fixed
  // one is no part of the page's width (e2e/phone.spec.ts taps the real thing on an emulated phone).
  it('places a Select drop-down in a full-screen modal against the viewport', async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="Check in" fullScreen>
          <Select label="Site" data={['S0001 Northgate PoP', 'S0002 Ashgrove City Campus']} />
        </Modal>
      </MantineProvider>,
    );
    const input = await screen.findByRole('combobox', { name: 'Site' });
    fireEvent.click(input);
    await screen.findByRole('option', { name: 'S0001 Northgate PoP', hidden: true });
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const dropdown = listbox?.closest<HTMLElement>('.mantine-Popover-dropdown');
    // Mantine marks a fixed drop-down; its stylesheet then sets position: fixed.
    expect(dropdown?.dataset.fixed).toBe('true');
  });
});
