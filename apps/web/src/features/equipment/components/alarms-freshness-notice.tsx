import { alarmsStaleMessage } from '@lightpath/domain/equipment';
import { Alert, type MantineSpacing } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { useAlarmsFreshness } from '../api/get-alarms-freshness';

// Said wherever alarms are shown while Zabbix is not answering: the alarms stay as it last reported
// them, so without this an outage of Zabbix would read as a quiet network (issue 19).
export function AlarmsFreshnessNotice({ mb }: { mb?: MantineSpacing }) {
  const freshness = useAlarmsFreshness();
  const data = freshness.data;
  if (!data?.failing || data.lasttried === null) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title="Alarms may be out of date"
      mb={mb}
    >
      {alarmsStaleMessage(
        formatDateTime(data.lasttried),
        data.lastread === null ? null : formatDateTime(data.lastread),
      )}
    </Alert>
  );
}
