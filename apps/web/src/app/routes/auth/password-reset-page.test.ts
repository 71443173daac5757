import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './password-reset-page';

describe('tokenFromHash', () => {
  it('reads the token from the URL fragment', () => {
    expect(tokenFromHash('#token=abc123DEF_-')).toBe('abc123DEF_-');
    expect(tokenFromHash('#other=1&token=xyz')).toBe('xyz');
  });

  it('ignores a missing or empty token', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('#tok=abc')).toBeNull();
  });
});
