import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, readableOn, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('gives the WCAG extremes and is symmetric', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  // The figures axe-core reported against the old palette (issue 12, item 13).
  it.each([
    ['#868e96', '#ffffff', 3.32],
    ['#4c6ef5', '#ffffff', 4.32],
    ['#fab005', '#ffffff', 1.86],
  ])('measures %s on %s as %s:1', (fg, bg, ratio) => {
    expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 2);
  });

  it('mixes towards a target', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#fab005', '#000000', 0)).toBe('#fab005');
  });

  it('moves a colour only as far as it must to be readable on every background', () => {
    const grey = readableOn('#868e96', ['#ffffff', '#f8f9fa']);
    expect(contrastRatio(grey, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(grey, '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
    // One step less would not do: the nearest passing colour, not black.
    expect(contrastRatio(mix('#868e96', '#000000', 0.01), '#f8f9fa')).toBeLessThan(4.5);
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    // On dark surfaces it lightens.
    const light = readableOn('#828282', ['#242424', '#2e2e2e']);
    expect(relativeLuminance(light)).toBeGreaterThan(relativeLuminance('#828282'));
    expect(contrastRatio(light, '#2e2e2e')).toBeGreaterThanOrEqual(4.5);
  });
});
