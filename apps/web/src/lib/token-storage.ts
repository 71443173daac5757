// Where the session token lives. 'Remember me' keeps it in localStorage (survives the browser closing);
// otherwise sessionStorage (gone with the tab). Only one of the two ever holds a token.
const tokenKey = 'lightpath.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storages(): Storage[] {
  // Storage can be missing or throw (private modes, sandboxed iframes); a token-less session then.
  const found: Storage[] = [];
  try {
    found.push(window.localStorage);
  } catch {}
  try {
    found.push(window.sessionStorage);
  } catch {}
  return found;
}

function safeGet(storage: Storage): string | null {
  try {
    return storage.getItem(tokenKey);
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  for (const storage of storages()) {
    const token = safeGet(storage);
    if (token) return token;
  }
  return null;
}

// True when the current token was stored with 'Remember me'; a re-login after a password change keeps it.
export function isRemembered(): boolean {
  try {
    return Boolean(window.localStorage.getItem(tokenKey));
  } catch {
    return false;
  }
}

export function setToken(token: string, remember: boolean): void {
  clearStored();
  try {
    (remember ? window.localStorage : window.sessionStorage).setItem(tokenKey, token);
  } catch {}
  emit();
}

function clearStored() {
  for (const storage of storages()) {
    try {
      storage.removeItem(tokenKey);
    } catch {}
  }
}

// Clears BOTH storages: a token left in the other one would silently sign the user back in.
export function clearToken(): void {
  const had = getToken() !== null;
  clearStored();
  if (had) emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab signing out (or in) changes localStorage; follow it so this tab does not keep a dead token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === tokenKey || event.key === null) emit();
  });
}
