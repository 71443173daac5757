import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { apiDownload, errorMessage, type QueryValue } from '../lib/api-client';
import { downloadBlob } from '../lib/download-blob';
import { notify } from '../lib/notify';

type Props = {
  // The API path of the file, e.g. 'export/services' or 'reports/sla/pdf', and its query.
  path: string;
  query?: Record<string, QueryValue>;
  filename: string;
  label: string;
  icon: ReactNode;
  // What the notice says when the file is saved, and when it could not be made.
  saved: string;
  failed: string;
  disabled?: boolean;
};

// A file the server makes (a list's CSV, a report's PDF) needs the session header, so it is fetched
// and handed to the browser as a download; the button shows progress while the server works.
export function DownloadButton({ path, query, filename, label, icon, saved, failed, disabled }: Props) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      downloadBlob(filename, await apiDownload(path, query ?? {}));
      notify.success(saved);
    } catch (error) {
      notify.warning(errorMessage(error, failed));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="default" leftSection={icon} onClick={download} loading={downloading} disabled={disabled}>
      {label}
    </Button>
  );
}
