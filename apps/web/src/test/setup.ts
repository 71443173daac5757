import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The web tests share their workers' modules and DOM (no isolation per file: it cost two thirds of the
// unit stage's time in jsdom set-up and imports). So what a test leaves in shared places goes after it:
// the rendered tree, Mantine's notification store (a module-level queue: a full one hides the next
// file's messages) and the browser storage the session lives in.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});
