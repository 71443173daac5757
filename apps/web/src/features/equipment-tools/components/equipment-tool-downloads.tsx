import {
  type ToolDownloadKind,
  toolDownloadFailed,
  toolDownloadKinds,
  toolDownloads,
} from '@lightpath/domain/equipment-tools';
import { Button, Loader, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { downloadToolFile } from '../api/download-tool-file';

// The staff tool files (spec 7.7 tools/generate/...) as a Downloads menu for the equipment pages'
// header actions. Mantine's menu is a button with a menu of menuitems: Enter or Space opens it, the
// arrow keys move, Escape closes; each item is named by its file and described by what it holds.
export function EquipmentToolDownloads() {
  const [busy, setBusy] = useState<ToolDownloadKind | null>(null);

  const download = async (kind: ToolDownloadKind) => {
    setBusy(kind);
    try {
      await downloadToolFile(kind);
    } catch (error) {
      if (needsToast(error)) notify.warning(errorMessage(error, toolDownloadFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={
            busy ? <Loader size={14} aria-label="Preparing download" /> : <IconDownload size={16} />
          }
          rightSection={<IconChevronDown size={14} />}
          aria-busy={busy !== null}
        >
          Downloads
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Files for staff tools</Menu.Label>
        {toolDownloadKinds.map((kind) => (
          <Menu.Item
            key={kind}
            disabled={busy !== null}
            onClick={() => void download(kind)}
            aria-label={`Download ${toolDownloads[kind].label} (${toolDownloads[kind].filename})`}
          >
            <Text size="sm">{toolDownloads[kind].label}</Text>
            <Text size="xs" c="dimmed">
              {toolDownloads[kind].description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
