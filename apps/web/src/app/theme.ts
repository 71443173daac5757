import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // Drop-downs (Select, Menu, date pickers) are positioned against the viewport rather than the page.
    // Placed absolutely in the page, a list opened in a full-screen modal on a phone first showed past
    // the right edge; that widened the page, the phone widened its layout viewport, the modal and its
    // input grew with it, the list (as wide as its input) grew again, and it hid and showed several
    // times a second (issue 12). A fixed drop-down is no part of the page's width, so none of it starts.
    Popover: { defaultProps: { floatingStrategy: 'fixed' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // Mantine clamps a number to min/max on blur by default: a VLAN of 12345 became 9999 and a latitude
    // of 123 became 90 without a word. Out-of-range input must stay as typed and get its message from
    // the domain rule, so min and max only drive the arrows and the inputs' hints.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
  },
});
