import { notifications } from '@mantine/notifications';

// Spec 8/9: failures are warning toasts; timing and position are set once on <Notifications />.
export const notify = {
  success(message: string, id?: string) {
    notifications.show({ id, message, color: 'teal' });
  },
  warning(message: string, id?: string) {
    notifications.show({ id, message, color: 'yellow' });
  },
  info(message: string, id?: string) {
    notifications.show({ id, message, color: 'indigo' });
  },
};

// One id for every 'You have been logged out.' toast (logout click, 401s racing): shown once.
export const loggedOutToastId = 'logged-out';

// A toast that must survive a full page reload (switching customers reloads the app).
const flashKey = 'lightpath.flash';

export function setFlash(message: string): void {
  try {
    window.sessionStorage.setItem(flashKey, message);
  } catch {}
}

export function showFlash(): void {
  let message: string | null = null;
  try {
    message = window.sessionStorage.getItem(flashKey);
    window.sessionStorage.removeItem(flashKey);
  } catch {}
  if (message) notify.success(message);
}
