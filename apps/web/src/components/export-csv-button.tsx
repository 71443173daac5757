import { csvMessages } from '@lightpath/domain/csv';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload, errorMessage, type QueryValue } from '../lib/api-client';
import { downloadBlob } from '../lib/download-blob';
import { notify } from '../lib/notify';

type Props = {
  // The list's export route, e.g. 'export/services', and the list's own filters and sort.
  path: string;
  query: Record<string, QueryValue>;
  filename: string;
  disabled?: boolean;
};

// A list's Export CSV: the server streams every row the list's filters select, on every page (issue
// 16); the file needs the session header, so it is fetched and handed to the browser as a download.
export function ExportCsvButton({ path, query, filename, disabled }: Props) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadBlob(filename, await apiDownload(path, query));
      notify.success(csvMessages.generated);
    } catch (error) {
      notify.warning(errorMessage(error, csvMessages.exportFailed));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={exportCsv}
      loading={exporting}
      disabled={disabled}
    >
      Export CSV
    </Button>
  );
}
