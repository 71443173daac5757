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
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WizardFrame, WizardStepHeading } from '../../../../components/wizard-frame';
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
  const { actor } = useSession();
  const staff = isProviderType(actor.type);
  const form = useForm<TicketFormValues>({ initialValues: blankTicketValues(initialServices) });
  // The focus moves to the first field of each step the user arrives at.
  const { active, goTo, focusOnArrival } = useWizardStep<number>(0, firstFieldOf);
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

  const heading = (step: TicketWizardStep) => <WizardStepHeading>{stepTitles[step]}</WizardStepHeading>;

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
    <WizardFrame
      opened={opened}
      onClose={onClose}
      title="Create New Ticket"
      active={active}
      busy={createTicket.isPending}
      unsaved={form.isDirty()}
      discard={{
        title: 'Discard this ticket?',
        consequence: 'What you entered will be lost and no ticket is raised.',
      }}
      // Each step's content is keyed, so it mounts afresh (and its focus moves) when it becomes active:
      // Stepper puts every step's children in the same place.
      steps={[
        {
          label: stepTitles.issue,
          content: (
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
          ),
        },
        {
          label: stepTitles.details,
          content: (
            <div key="details" ref={focusOnArrival}>
              <DetailsStep
                form={form}
                heading={heading('details')}
                siteOptions={siteOptions}
                sitesLoading={sites.isPending}
                active={opened && active === 1}
              />
            </div>
          ),
        },
        {
          label: stepTitles.message,
          content: (
            <div key="message" ref={focusOnArrival}>
              <MessageStep form={form} heading={heading('message')} />
            </div>
          ),
        },
      ]}
      footer={{
        back:
          active === 0 ? undefined : { onClick: () => goTo(active - 1), disabled: createTicket.isPending },
        forward:
          active < lastStep
            ? { label: 'Next', onClick: next }
            : { label: 'Submit', onClick: submit, sends: true, loading: createTicket.isPending },
      }}
    />
  );
}
