import { accessUploadRules, formatBytes } from '@lightpath/domain/access';
import { ActionIcon, Button, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconPaperclip, IconX } from '@tabler/icons-react';
import { type ComponentProps, useRef } from 'react';

type Props = {
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (file: File) => void;
  error?: string | undefined;
};

// The Site Access Form for type 4 sites (spec 5): up to five files, each shown with its size and a
// button to take it off again. Nothing is sent until the user leaves step one.
export function AccessFilesInput({ files, onAdd, onRemove, error }: Props) {
  // Cleared after each pick, so the same file can be chosen again after it was removed.
  const resetRef = useRef<() => void>(null);
  const full = files.length >= accessUploadRules.maxFiles;
  return (
    <Input.Wrapper
      label="Site Access Form"
      required
      description={`PDF, PNG, JPEG, Word (.docx) or Excel (.xlsx); up to ${accessUploadRules.maxFiles} files`}
      error={error}
    >
      <Stack gap="xs" mt={6}>
        {files.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            aria-label="Chosen files"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {files.map((file) => (
              <Paper component="li" key={file.name} withBorder radius="sm" px="sm" py={4}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconPaperclip size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                    <Text fz="sm" truncate>
                      {file.name}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {formatBytes(file.size)}
                    </Text>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => onRemove(file)}
                  >
                    <IconX size={14} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Group>
          <FileButton
            multiple
            accept={accessUploadRules.accept}
            resetRef={resetRef}
            disabled={full}
            onChange={(picked) => {
              onAdd(picked);
              resetRef.current?.();
            }}
            inputProps={{ 'aria-label': 'Choose Site Access Form files' } as ComponentProps<'input'>}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                disabled={full}
                leftSection={<IconFileUpload size={16} aria-hidden="true" />}
              >
                {files.length === 0 ? 'Choose files' : 'Add files'}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
