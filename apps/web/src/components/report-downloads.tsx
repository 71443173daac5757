import { reportDownloadMessages } from '@lightpath/domain/report-period';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import type { QueryValue } from '../lib/api-client';
import { DownloadButton } from './download-button';

type Props = {
  // The report's API path, e.g. 'reports/sla': its CSV is at '/csv' and its PDF at '/pdf'.
  path: string;
  query: Record<string, QueryValue>;
  // The file name without its extension, e.g. 'SLA report 2026-07-01 to 2026-09-30'.
  name: string;
  disabled?: boolean;
};

// Every report offers the same two files, made by the server from the same query as the page.
export function ReportDownloads({ path, query, name, disabled }: Props) {
  return (
    <>
      <DownloadButton
        path={`${path}/csv`}
        query={query}
        filename={`${name}.csv`}
        label="Export CSV"
        icon={<IconDownload size={16} />}
        saved={reportDownloadMessages.generated}
        failed={reportDownloadMessages.failed}
        disabled={disabled}
      />
      <DownloadButton
        path={`${path}/pdf`}
        query={query}
        filename={`${name}.pdf`}
        label="Download PDF"
        icon={<IconFileTypePdf size={16} />}
        saved={reportDownloadMessages.generated}
        failed={reportDownloadMessages.failed}
        disabled={disabled}
      />
    </>
  );
}
