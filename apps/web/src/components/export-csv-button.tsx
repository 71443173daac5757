import { csvMessages } from '@lightpath/domain/csv';
import { IconDownload } from '@tabler/icons-react';
import type { QueryValue } from '../lib/api-client';
import { DownloadButton } from './download-button';

type Props = {
  // The list's export route, e.g. 'export/services', and the list's own filters and sort.
  path: string;
  query: Record<string, QueryValue>;
  filename: string;
  disabled?: boolean;
};

// A list's Export CSV: the server streams every row the list's filters select, on every page (issue 16).
export function ExportCsvButton({ path, query, filename, disabled }: Props) {
  return (
    <DownloadButton
      path={path}
      query={query}
      filename={filename}
      label="Export CSV"
      icon={<IconDownload size={16} />}
      saved={csvMessages.generated}
      failed={csvMessages.exportFailed}
      disabled={disabled}
    />
  );
}
