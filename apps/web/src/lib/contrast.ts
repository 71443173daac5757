// WCAG 2.2 contrast (1.4.3, 1.4.11): the relative luminance of sRGB colours and the ratio between
// two of them. Used to choose the theme's text colours and to test that every pair the app draws
// meets AA, in the light and the dark scheme (decision 015).

export type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

// `colour` moved `amount` (0 to 1) of the way towards `target`.
export function mix(colour: string, target: string, amount: number): string {
  const from = parseHex(colour);
  const to = parseHex(target);
  return toHex(from.map((c, i) => c + ((to[i] as number) - c) * amount) as unknown as Rgb);
}

// The colour nearest to `colour` (moved in small steps towards black or white, whichever the
// backgrounds call for) that reaches `ratio` against every one of `backgrounds`.
export function readableOn(colour: string, backgrounds: readonly string[], ratio = 4.5): string {
  const passes = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= ratio);
  if (passes(colour)) return colour;
  const darkest = Math.min(...backgrounds.map(relativeLuminance));
  const target = darkest > 0.18 ? '#000000' : '#ffffff';
  for (let step = 1; step <= 100; step++) {
    const candidate = mix(colour, target, step / 100);
    if (passes(candidate)) return candidate;
  }
  return target;
}
