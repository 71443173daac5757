import { useEffect } from 'react';
import { portalName } from './build-info';

export function pageTitle(title?: string | null): string {
  return title ? `${title} · ${portalName}` : portalName;
}

// Each page names itself; detail pages pass the record's name once it has loaded.
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
