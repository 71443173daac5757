import { MantineProvider, Modal, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/dom-shims';
import { theme } from './theme';
import { useOpeningKey } from './use-opening-key';

// A wizard as the app builds them: the session is keyed on the opening, so it mounts already open.
function Wizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const opening = useOpeningKey(opened);
  return (
    <Modal
      key={opening}
      opened={opened}
      onClose={onClose}
      title="Create New Ticket"
      transitionProps={{ duration: 0 }}
    >
      <TextInput label="Subject" data-autofocus />
    </Modal>
  );
}

function Page({ startOpen = false }: { startOpen?: boolean }) {
  const [opened, setOpened] = useState(startOpen);
  return (
    <MantineProvider theme={theme}>
      <button type="button" onClick={() => setOpened(true)}>
        New Ticket
      </button>
      <Wizard opened={opened} onClose={() => setOpened(false)} />
    </MantineProvider>
  );
}

afterEach(cleanup);

describe('useOpeningKey', () => {
  it('gives the focus back to the button that opened the wizard when Escape closes it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'New Ticket' });
    opener.focus();
    fireEvent.click(opener);
    const subject = await screen.findByLabelText('Subject');
    await waitFor(() => expect(document.activeElement).toBe(subject));
    fireEvent.keyDown(subject, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText('Subject')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('does so on every opening, not only the first', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'New Ticket' });
    for (let round = 0; round < 2; round++) {
      opener.focus();
      fireEvent.click(opener);
      const subject = await screen.findByLabelText('Subject');
      await waitFor(() => expect(document.activeElement).toBe(subject));
      fireEvent.keyDown(subject, { key: 'Escape' });
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });
});
