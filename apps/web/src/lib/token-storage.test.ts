import { describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, isRemembered, setToken, subscribeToken } from './token-storage';

describe('token storage', () => {
  it('keeps a remembered token in localStorage only', () => {
    setToken('t1', true);
    expect(localStorage.getItem('lightpath.token')).toBe('t1');
    expect(sessionStorage.getItem('lightpath.token')).toBeNull();
    expect(isRemembered()).toBe(true);
  });

  it('keeps a session token in sessionStorage only, replacing a remembered one', () => {
    setToken('t1', true);
    setToken('t2', false);
    expect(localStorage.getItem('lightpath.token')).toBeNull();
    expect(sessionStorage.getItem('lightpath.token')).toBe('t2');
    expect(getToken()).toBe('t2');
    expect(isRemembered()).toBe(false);
  });

  it('clears both storages and tells subscribers', () => {
    localStorage.setItem('lightpath.token', 'a');
    sessionStorage.setItem('lightpath.token', 'b');
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    clearToken();
    unsubscribe();
    expect(getToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
