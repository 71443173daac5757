import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeReplyDrifts } from '../lib/api-client';

// How long findBy and waitFor wait for the screen: testing-library's 1 s default is a page's work on an
// idle machine, and the unit stage runs beside the typecheck and the build on two cores, where a drawer
// with charts has taken 2 s. Only a failing wait lasts longer; the assertions are the same.
configure({ asyncUtilTimeout: 5000 });

// The web tests share their workers' modules and DOM (no isolation per file: it cost two thirds of the
// unit stage's time in jsdom set-up and imports). So what a test leaves in shared places goes after it:
// the rendered tree, Mantine's notification store (a module-level queue: a full one hides the next
// file's messages), the browser storage the session lives in and the globals a test stubbed (fetch).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});

// Decision 023: a mocked reply outside its domain schema fails the test that received it, whether or
// not the screen needed that reply, so fixtures and the contract cannot drift apart unnoticed.
afterEach(() => {
  const drifts = takeReplyDrifts();
  if (drifts.length > 0) throw new Error(`Replies outside their schema:\n${drifts.join('\n')}`);
});
