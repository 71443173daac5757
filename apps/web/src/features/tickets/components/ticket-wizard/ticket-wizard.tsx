import {
  issueIsWorks,
  type TicketWizardStep,
  ticketIssueTypes,
  ticketMessages,
  ticketStepProblem,
  ticketWizardSteps,
  worksSiteEligible,
} from '@lightpath/domain/tickets';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Modal, Stack, Stepper, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DiscardConfirmModal } from '../../../../components/discard-confirm-modal';
import { errorMessage, needsToast } from '../../../../lib/api-client';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { notify } from '../../../../lib/notify';
import { useSiteOptions } from '../../../../lib/queries/list-site-options';
import { useSession } from '../../../../lib/session';
import { siteChoiceLabel } from '../../../../lib/site-choice-label';
import { portalTimeZone } from '../../../../lib/time-zone';
import { useOpeningKey } from '../../../../lib/use-opening-key';
import { useWizardStep } from '../../../../lib/use-wizard-step';
import { useCreateTicket } from '../../api/create-ticket';
import {
  blankTicketValues,
  suggestedSubject,
  type TicketFormValues,
  ticketFieldOf,
  toTicketBody,
  toTicketWizardValues,
} from '../../ticket-form-values';
import { DetailsStep } from './details-step';
import { IssueStep } from './issue-step';
import { MessageStep } from './message-step';

type Props = {
  opened: boolean;
  onClose: () => void;
  // Reporting a problem from a service's page starts with that service chosen.
  initialServices?: string[];
};

const stepTitles: Record<TicketWizardStep, string> = {
  issue: 'Issue',
  details: 'Details',
  message: 'Message',
};
const lastStep = ticketWizardSteps.length - 1;

const firstFieldOf = (node: HTMLElement) =>
  node.querySelector<HTMLElement>('[data-autofocus]') ??
  node.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [role="radio"]');

// Spec 2.6 / 4 / 5: Create New Ticket. Each step passes the domain's rule before the next; the last
// one submits. Every opening is a session of its own: fresh values, step one and a new
// Idempotency-Key, so nothing of a previous ticket leaks into the next one.
export function TicketWizard(props: Props) {
  const opening = useOpeningKey(props.opened);
  return <TicketWizardSession key={opening} {...props} />;
}

function TicketWizardSession({ opened, onClose, initialServices }: Props) {
  const navigate = useNavigate();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const { actor } = useSession();
  const staff = isProviderType(actor.type);
  const form = useForm<TicketFormValues>({ initialValues: blankTicketValues(initialServices) });
  // The focus moves to the first field of each step the user arrives at.
  const { active, goTo, focusOnArrival } = useWizardStep<number>(0, firstFieldOf);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // One key for the whole session: a second click, or a retry after a lost reply, is the same ticket.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The subject last filled in for the user: replaced when the choices change, unless they edited it.
  const [filledSubject, setFilledSubject] = useState('');
  const createTicket = useCreateTicket();
  const values = form.values;
  const works = issueIsWorks(ticketIssueTypes.find((issue) => issue === values.issuetype) ?? null);

  // Works notices name one of the caller's enabled places (spec 5: disabled sites are not offered; a
  // VPLS or an L3VPN is no place to work at).
  const sites = useSiteOptions({}, opened && works);
  const enabledSites = (sites.data ?? []).filter(worksSiteEligible);
  const siteOptions = enabledSites.map((site) => ({
    value: String(site.siteid),
    label: siteChoiceLabel(site, staff),
  }));
  const sitename = enabledSites.find((site) => String(site.siteid) === values.siteid)?.sitename ?? null;

  const heading = (step: TicketWizardStep) => (
    <Title order={3} fz="lg">
      {stepTitles[step]}
    </Title>
  );

  const requestClose = () => {
    if (createTicket.isPending) return;
    if (form.isDirty()) setConfirmingDiscard(true);
    else onClose();
  };

  // Spec 5: the step's rule first; its message goes under the field and in a warning toast.
  const stepPasses = (step: TicketWizardStep): boolean => {
    const problem = ticketStepProblem(step, toTicketWizardValues(form.getValues()));
    form.clearErrors();
    if (!problem) return true;
    const field = ticketFieldOf(problem);
    if (field) form.setFieldError(field, problem);
    // One toast per message: pressing Next again does not stack copies, a new problem still shows.
    notify.warning(problem, `ticket-step:${problem}`);
    return false;
  };

  const next = () => {
    const step = ticketWizardSteps[active] as TicketWizardStep;
    if (!stepPasses(step)) return;
    if (active + 1 === lastStep) {
      // Spec 9's subject, kept when the user has written their own.
      const current = form.getValues();
      if (current.subject === '' || current.subject === filledSubject) {
        const subject = suggestedSubject(current, {
          sitename,
          timeZone: portalTimeZone(),
          now: Math.floor(Date.now() / 1000),
        });
        form.setFieldValue('subject', subject);
        setFilledSubject(subject);
      }
    }
    goTo(active + 1);
  };

  const submit = () => {
    if (!stepPasses('message')) return;
    createTicket.mutate(
      { body: toTicketBody(form.getValues()), idempotencyKey },
      {
        onSuccess: ({ ticketid, message }) => {
          notify.success(message ?? ticketMessages.created(ticketid));
          onClose();
          navigate(`/ticket/${ticketid}`);
        },
        onError: (error) => {
          if (needsToast(error)) notify.warning(errorMessage(error, ticketMessages.createFailed));
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        closeOnEscape={!confirmingDiscard}
        closeOnClickOutside={false}
        title="Create New Ticket"
        size="xl"
        fullScreen={fullScreen}
      >
        <Stack gap="lg">
          <Stepper active={active} size="sm" allowNextStepsSelect={false}>
            {/* Keyed, so each step's content mounts afresh (and its focus moves) when it becomes active:
                Stepper puts every step's children in the same place. */}
            <Stepper.Step label={stepTitles.issue}>
              <div key="issue" ref={focusOnArrival}>
                <IssueStep
                  heading={heading('issue')}
                  value={values.issuetype}
                  onChange={(issue) => {
                    form.setFieldValue('issuetype', issue);
                    form.clearFieldError('issuetype');
                  }}
                  error={form.errors.issuetype}
                />
              </div>
            </Stepper.Step>
            <Stepper.Step label={stepTitles.details}>
              <div key="details" ref={focusOnArrival}>
                <DetailsStep
                  form={form}
                  heading={heading('details')}
                  siteOptions={siteOptions}
                  sitesLoading={sites.isPending}
                  active={opened && active === 1}
                />
              </div>
            </Stepper.Step>
            <Stepper.Step label={stepTitles.message}>
              <div key="message" ref={focusOnArrival}>
                <MessageStep form={form} heading={heading('message')} />
              </div>
            </Stepper.Step>
          </Stepper>

          <Group justify="space-between">
            {active === 0 ? (
              <Button variant="default" onClick={requestClose}>
                Cancel
              </Button>
            ) : (
              <Button
                variant="default"
                onClick={() => goTo(active - 1)}
                disabled={createTicket.isPending}
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              >
                Back
              </Button>
            )}
            {active < lastStep ? (
              <Button onClick={next} rightSection={<IconArrowRight size={16} aria-hidden="true" />}>
                Next
              </Button>
            ) : (
              <Button
                onClick={submit}
                loading={createTicket.isPending}
                leftSection={<IconSend size={16} aria-hidden="true" />}
              >
                Submit
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <DiscardConfirmModal
        opened={opened && confirmingDiscard}
        title="Discard this ticket?"
        consequence="What you entered will be lost and no ticket is raised."
        onKeepEditing={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
