import { logoMaxBytes } from '@lightpath/domain/customers';
import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { CustomerAvatar } from '../../../components/customer-avatar';
import { logoFileProblem, logoMimeTypes, readAsDataUrl } from '../../../lib/image-file';

type Props = {
  value: string | null;
  onChange: (value: string | null) => void;
  customerName: string;
  error?: ReactNode;
  label?: string;
};

// Logos travel as data URLs inside the customer record; the checks mirror logoSchema so a bad file is
// refused before it is read, let alone uploaded.
export function LogoInput({ value, onChange, customerName, error, label = 'Logo' }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const descriptionId = useId();

  const pick = async (file: File | null) => {
    if (!file) return;
    const fileProblem = logoFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) return;
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      setProblem('That file could not be read');
    }
  };

  return (
    <Input.Wrapper
      label={label}
      error={problem ?? error}
      description={`PNG, JPEG, WebP or GIF, up to ${Math.round(logoMaxBytes / 1024)} KB`}
    >
      <Group gap="md" mt={6} wrap="nowrap">
        <CustomerAvatar
          customer={{ customername: customerName || '?', logo64: value }}
          size={64}
          radius="md"
        />
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={pick} accept={logoMimeTypes.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconPhotoUp size={14} />}
                  aria-describedby={descriptionId}
                >
                  {value ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            )}
          </Group>
          <Text id={descriptionId} fz="xs" c="dimmed">
            {value ? 'Shown in the header and on the dashboard.' : 'Without a logo, the initials are shown.'}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
