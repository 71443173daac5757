import { MantineProvider, NumberInput } from '@mantine/core';
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
});
