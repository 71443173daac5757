import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  // 'Discard this ticket?'
  title: string;
  // What is lost: 'What you entered will be lost and no ticket is raised.'
  consequence: string;
  onKeepEditing: () => void;
  onDiscard: () => void;
};

// Asked before a wizard with unsaved input closes (Escape, the close button, Cancel). It sits above
// the wizard's own modal, and Keep editing has the focus, so a second Escape or Enter loses nothing.
export function DiscardConfirmModal({ opened, title, consequence, onKeepEditing, onDiscard }: Props) {
  return (
    <Modal opened={opened} onClose={onKeepEditing} title={title} size="sm" zIndex={300} centered>
      <Stack gap="md">
        <Text fz="sm">{consequence}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeepEditing} data-autofocus>
            Keep editing
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
