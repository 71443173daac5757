import { Button, Group, Modal, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { type ReactNode, type Ref, useState } from 'react';
import { DiscardConfirmModal } from './discard-confirm-modal';

type Step = { label: string; content?: ReactNode };

// The button that moves the wizard on: Next (an arrow after it) or the one that sends (an icon before).
export type WizardForward = {
  label: string;
  onClick: () => void;
  sends?: boolean;
  loading?: boolean;
  disabled?: boolean;
};

// What the footer offers: on the first step Cancel and a way on, later Back and a way on, and once
// the work is done only Close.
export type WizardFooter =
  | { done: true }
  | { done?: false; back?: { onClick: () => void; disabled?: boolean }; forward: WizardForward };

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  steps: Step[];
  active: number;
  // Shown once the stepper is past its last step, which Mantine then draws ticked.
  completed?: ReactNode;
  footer: WizardFooter;
  // A write in flight: closing now would hide its outcome, so the wizard stays.
  busy: boolean;
  // Input that closing would lose: the user is asked first (spec 4).
  unsaved: boolean;
  discard: { title: string; consequence: string };
};

// A step's heading that takes the focus when the step is arrived at (see useWizardStep).
export function WizardStepHeading({
  children,
  focusRef,
  autofocus = false,
}: {
  children: ReactNode;
  focusRef?: Ref<HTMLHeadingElement>;
  // The modal opens on the heading rather than on the step's first field (a picker would drop open).
  autofocus?: boolean;
}) {
  if (!focusRef) {
    return (
      <Title order={3} fz="lg">
        {children}
      </Title>
    );
  }
  return (
    <Title
      order={3}
      fz="lg"
      tabIndex={-1}
      ref={focusRef}
      style={{ outline: 'none' }}
      data-autofocus={autofocus || undefined}
    >
      {children}
    </Title>
  );
}

// Every wizard's frame: a modal (full screen on a phone) with the stepper, the footer's buttons and
// the question before unsaved input is thrown away (Escape, the close button, Cancel).
export function WizardFrame({
  opened,
  onClose,
  title,
  steps,
  active,
  completed,
  footer,
  busy,
  unsaved,
  discard,
}: Props) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const requestClose = () => {
    if (busy) return;
    if (unsaved) setConfirmingDiscard(true);
    else onClose();
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!confirmingDiscard}
        closeOnClickOutside={false}
        title={title}
        size="xl"
        fullScreen={fullScreen}
      >
        <Stack gap="lg">
          <Stepper active={active} size="sm" allowNextStepsSelect={false}>
            {steps.map((step) => (
              <Stepper.Step key={step.label} label={step.label}>
                {step.content}
              </Stepper.Step>
            ))}
            {completed !== undefined && <Stepper.Completed>{completed}</Stepper.Completed>}
          </Stepper>

          <Group justify="space-between">
            {footer.done ? (
              <Button ml="auto" onClick={onClose}>
                Close
              </Button>
            ) : (
              <>
                {footer.back ? (
                  <Button
                    variant="default"
                    onClick={footer.back.onClick}
                    disabled={footer.back.disabled}
                    leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                  >
                    Back
                  </Button>
                ) : (
                  <Button variant="default" onClick={requestClose}>
                    Cancel
                  </Button>
                )}
                <ForwardButton {...footer.forward} />
              </>
            )}
          </Group>
        </Stack>
      </Modal>

      <DiscardConfirmModal
        opened={opened && confirmingDiscard}
        title={discard.title}
        consequence={discard.consequence}
        onKeepEditing={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </>
  );
}

function ForwardButton({ label, onClick, sends = false, loading, disabled }: WizardForward) {
  return (
    <Button
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      leftSection={sends ? <IconSend size={16} aria-hidden="true" /> : undefined}
      rightSection={sends ? undefined : <IconArrowRight size={16} aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}
