import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColor,
  type MantineColorsTuple,
} from '@mantine/core';
import { mix, readableOn } from './contrast';

// Decision 015: the palette meets WCAG 2.2 AA in both schemes. Filled controls use shade 8 with
// Mantine's autoContrast: white text up to a luminance of 0.183, the highest at which white still
// reaches 4.5:1 (1.05 / 4.5 − 0.05), and black above it, which then reaches at least 4.66:1.
export const luminanceThreshold = 0.183;

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold,
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Mantine's close buttons are an icon with no name: every dialog's and toast's gets one.
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close dialog' },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // Drop-downs (Select, Menu, date pickers) are positioned against the viewport rather than the page.
    // Placed absolutely in the page, a list opened in a full-screen modal on a phone first showed past
    // the right edge; that widened the page, the phone widened its layout viewport, the modal and its
    // input grew with it, the list (as wide as its input) grew again, and it hid and showed several
    // times a second (issue 12). A fixed drop-down is no part of the page's width, so none of it starts.
    Popover: { defaultProps: { floatingStrategy: 'fixed' } },
    // A Loader is a bare span: with a name it needs a role, and 'status' is what it is.
    Loader: { defaultProps: { role: 'status' } },
    // A searchable Select opened its list as soon as it took the focus, so a wizard that focuses its
    // first field greeted keyboard users with an open list they could not tab into or past without
    // closing it. The list opens on typing, the arrow keys or a click.
    Select: { defaultProps: { openOnFocus: false } },
    // Colour alone does not tell a link inside a sentence apart from the words around it (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // Mantine clamps a number to min/max on blur by default: a VLAN of 12345 became 9999 and a latitude
    // of 123 became 90 without a word. Out-of-range input must stay as typed and get its message from
    // the domain rule, so min and max only drive the arrows and the inputs' hints.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
  },
});

const colours = DEFAULT_THEME.colors;
const { gray, dark } = colours;
const white = '#ffffff';

// The surfaces text is drawn on: the page behind the cards, the cards and inputs, the table headers
// and hovered rows. `--lp-color-page` is the page; the others are Mantine's own.
export const surfaces = {
  light: { page: gray[0], body: white, raised: gray[1] },
  // dark[5] is a hovered row or control.
  dark: { page: dark[8], body: dark[7], raised: dark[6], hover: dark[5] },
} as const;
export type Scheme = keyof typeof surfaces;

export function shadesOf(colour: MantineColor): MantineColorsTuple {
  const shades = colours[colour];
  if (!shades) throw new Error(`No such colour: ${colour}`);
  return shades;
}

// Mantine's `light` variant background in the dark scheme: shade 9 darkened by half.
export function darkLightBackground(colour: MantineColor): string {
  return mix(shadesOf(colour)[9], '#000000', 0.5);
}

// Each colour's text shades moved just far enough to reach 4.5:1 on the surfaces they sit on
// (its own `light` background included); hues stay recognisable: yellow stays amber, not brown-black.
// The target is 4.6 rather than 4.5: a little headroom for rounding in how browsers and checkers blend.
const target = 4.6;

function schemePalette(scheme: Scheme): Record<string, string> {
  const s = surfaces[scheme];
  const plain = Object.values(s);
  const vars: Record<string, string> = { '--lp-color-page': s.page };
  for (const name of Object.keys(colours) as MantineColor[]) {
    const shades = shadesOf(name);
    if (scheme === 'light') {
      vars[`--mantine-color-${name}-text`] = readableOn(shades[8], plain, target);
      vars[`--mantine-color-${name}-outline`] = readableOn(shades[8], plain, target);
      vars[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [shades[1], ...plain], target);
    } else {
      const lightBackground = darkLightBackground(name);
      vars[`--mantine-color-${name}-light`] = lightBackground;
      vars[`--mantine-color-${name}-text`] = readableOn(shades[4], plain, target);
      vars[`--mantine-color-${name}-outline`] = readableOn(shades[4], plain, target);
      vars[`--mantine-color-${name}-light-color`] = readableOn(
        shades[0],
        [lightBackground, ...plain],
        target,
      );
    }
  }
  const text = (name: MantineColor) => vars[`--mantine-color-${name}-text`] as string;
  vars['--mantine-color-dimmed'] = readableOn(scheme === 'light' ? gray[6] : dark[2], plain, target);
  vars['--mantine-color-anchor'] = text('indigo');
  vars['--mantine-color-error'] = text('red');
  vars['--mantine-color-success'] = text('teal');
  return vars;
}

export const palette = { light: schemePalette('light'), dark: schemePalette('dark') };

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: palette.light,
  dark: palette.dark,
});
