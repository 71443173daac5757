import {
  DEFAULT_THEME,
  isLightColor,
  type MantineColor,
  MantineProvider,
  Modal,
  NumberInput,
  Select,
} from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/dom-shims';
import { contrastRatio, parseHex } from './contrast';
import {
  cssVariablesResolver,
  darkLightBackground,
  luminanceThreshold,
  palette,
  type Scheme,
  shadesOf,
  surfaces,
  theme,
} from './theme';

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

const colourNames = Object.keys(DEFAULT_THEME.colors) as MantineColor[];
const schemes: Scheme[] = ['light', 'dark'];
const plainSurfaces = (scheme: Scheme) => Object.values(surfaces[scheme]);
const AA = 4.5;

function hue(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

// Issue 12, item 13: grey text was 3.3:1, the primary blue 4.3:1, yellow and orange badges 1.8-2.7:1.
describe('the palette (decision 015)', () => {
  it.each(schemes)('has dimmed text, links and errors at AA on every %s surface', (scheme) => {
    for (const name of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      for (const surface of plainSurfaces(scheme)) {
        expect(
          contrastRatio(palette[scheme][name] as string, surface),
          `${name} on ${surface}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it.each(schemes)("has every colour's text, outline and badge text at AA in %s", (scheme) => {
    for (const name of colourNames) {
      const vars = palette[scheme];
      const ownBackground = scheme === 'light' ? shadesOf(name)[1] : darkLightBackground(name);
      const pairs: [string, string][] = [
        [`--mantine-color-${name}-light-color`, ownBackground],
        ...plainSurfaces(scheme).flatMap((surface): [string, string][] => [
          [`--mantine-color-${name}-text`, surface],
          [`--mantine-color-${name}-outline`, surface],
          [`--mantine-color-${name}-light-color`, surface],
        ]),
      ];
      for (const [variable, background] of pairs) {
        expect(
          contrastRatio(vars[variable] as string, background),
          `${variable} on ${background}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('gives every filled colour the black or white text that reaches AA', () => {
    for (const name of colourNames) {
      const filled = shadesOf(name)[8];
      // What Mantine's autoContrast draws with the theme's threshold.
      const text = isLightColor(filled, luminanceThreshold) ? '#000000' : '#ffffff';
      expect(contrastRatio(text, filled), `${text} on ${name} 8`).toBeGreaterThanOrEqual(AA);
    }
    expect(theme.autoContrast).toBe(true);
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
  });

  it('keeps the condition colours recognisable: each stays within 20 degrees of its own hue', () => {
    for (const name of ['green', 'blue', 'yellow', 'orange', 'red', 'indigo'] as const) {
      for (const scheme of schemes) {
        for (const kind of ['text', 'light-color']) {
          const value = palette[scheme][`--mantine-color-${name}-${kind}`] as string;
          const drift = Math.abs(hue(value) - hue(shadesOf(name)[6]));
          expect(Math.min(drift, 360 - drift), `${name} ${kind} in ${scheme}`).toBeLessThan(20);
        }
      }
    }
  });

  it('is what the provider puts on the page, per scheme', () => {
    const resolved = cssVariablesResolver(DEFAULT_THEME);
    expect(resolved.light['--mantine-color-dimmed']).toBe(palette.light['--mantine-color-dimmed']);
    expect(resolved.dark['--mantine-color-yellow-light-color']).toBe(
      palette.dark['--mantine-color-yellow-light-color'],
    );
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        x
      </MantineProvider>,
    );
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain(`--mantine-color-dimmed: ${palette.light['--mantine-color-dimmed']}`);
    expect(css).toContain(`--mantine-color-dimmed: ${palette.dark['--mantine-color-dimmed']}`);
  });
});

describe('dialogs', () => {
  it('name their close button', async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="Create New Ticket">
          body
        </Modal>
      </MantineProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Close dialog' })).toBeTruthy();
  });
});
