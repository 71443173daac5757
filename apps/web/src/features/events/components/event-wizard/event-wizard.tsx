import {
  defaultApprover,
  type EventDetail,
  type EventPrefillReply,
  type EventWriteReply,
  eventDraftProblem,
  eventMessages,
  type PreflightCustomer,
} from '@lightpath/domain/events';
import { fullName } from '@lightpath/domain/users';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { WizardFrame, WizardStepHeading } from '../../../../components/wizard-frame';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { notify } from '../../../../lib/notify';
import { usePortalInfo } from '../../../../lib/queries/get-portal-info';
import { useSession } from '../../../../lib/session';
import { useOpeningKey } from '../../../../lib/use-opening-key';
import { useWizardStep } from '../../../../lib/use-wizard-step';
import { reportWizardFailure } from '../../../../lib/zod-form';
import { useCreateEvent } from '../../api/create-event';
import { usePreflightEvent } from '../../api/preflight-event';
import { useUpdateEvent } from '../../api/update-event';
import {
  blankEventValues,
  type EventFormValues,
  formFieldOf,
  toEventDraft,
  toEventWrite,
  valuesFromEvent,
  withPrefill,
  withTemplate,
} from '../../event-form-values';
import { EventDescriptionStep } from './event-description-step';
import { PrefillFromTicket } from './prefill-from-ticket';
import { PreflightStep } from './preflight-step';
import { SummaryStep } from './summary-step';

type Props = { opened: boolean; onClose: () => void; event?: EventDetail };

// Spec 2.6: the New Event wizard's three steps.
const stepTitles = ['Event Description', 'Preflight Confirmation', 'Summary'] as const;
type Step = 0 | 1 | 2;

// Spec 2.6 / 4 / 5: New Event (and Edit Event). Page one is checked by the domain rule, then
// submitted as a preflight; page two shows exactly what each customer will be sent and submits for
// real; page three sums up. Every opening is a session of its own: fresh values, page one and a new
// Idempotency-Key, so nothing of a previous event leaks into the next one.
export function EventWizard(props: Props) {
  const opening = useOpeningKey(props.opened);
  return <EventWizardSession key={opening} {...props} />;
}

function EventWizardSession({ opened, onClose, event }: Props) {
  const navigate = useNavigate();
  const { user } = useSession();
  const portal = usePortalInfo();
  const providerName = portal.data?.provider.name ?? null;
  const editing = event !== undefined;

  const form = useForm<EventFormValues>({
    initialValues: event
      ? valuesFromEvent(event)
      : blankEventValues({ initiator: fullName(user), providerName }),
  });
  // The focus moves to the heading of each step the user arrives at.
  const { active, goTo, focusOnArrival } = useWizardStep<Step>(0);
  const [plan, setPlan] = useState<PreflightCustomer[]>([]);
  const [result, setResult] = useState<EventWriteReply | null>(null);
  // One key for the whole session: a second click, or a retry after a lost reply, is the same event.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const preflight = usePreflightEvent();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const saving = createEvent.isPending || updateEvent.isPending;

  // The provider's name may arrive after the wizard opened; the default approver follows it without
  // counting as a change of the user's.
  useEffect(() => {
    if (editing || providerName === null) return;
    const initial = form.getInitialValues();
    if (initial.approver !== '') return;
    const approver = defaultApprover(providerName);
    form.setInitialValues({ ...initial, approver });
    if (form.getValues().approver === '') form.setFieldValue('approver', approver);
  }, [
    editing,
    providerName,
    form.getInitialValues,
    form.setInitialValues,
    form.getValues,
    form.setFieldValue,
  ]);

  const heading = (step: Step) => (
    <WizardStepHeading focusRef={focusOnArrival}>{stepTitles[step]}</WizardStepHeading>
  );

  // Field problems from the server land on page one's fields (spec 8).
  const reportFailure = (error: unknown, fallback: string) =>
    reportWizardFailure(form, error, fallback, formFieldOf);

  const runPreflight = (values: EventFormValues, callbacks: { onDone?: () => void; onFailed?: () => void }) =>
    preflight.mutate(
      { body: toEventWrite(values), eventid: event?.eventid },
      {
        onSuccess: (customers) => {
          setPlan(customers);
          callbacks.onDone?.();
        },
        onError: (error) => {
          reportFailure(error, eventMessages.preflightFailed);
          callbacks.onFailed?.();
        },
      },
    );

  // Spec 4/5: page one passes the domain rule first; only then is the preflight sent.
  const next = () => {
    const values = form.getValues();
    const problem = eventDraftProblem(toEventDraft(values));
    form.clearErrors();
    if (problem) {
      form.setFieldError(formFieldOf(problem.path), problem.message);
      // One toast per message: pressing Next again does not stack copies, a new problem still shows.
      notify.warning(problem.message, `event-draft:${problem.message}`);
      return;
    }
    runPreflight(values, { onDone: () => goTo(1) });
  };

  // The plan depends on whether existing tickets are answered, so it is worked out again; if that
  // fails the box goes back, so the plan on screen is always the one that will be sent.
  const changeUpdateExisting = (checked: boolean) => {
    form.setFieldValue('updateexisting', checked);
    runPreflight(
      { ...form.getValues(), updateexisting: checked },
      { onFailed: () => form.setFieldValue('updateexisting', !checked) },
    );
  };

  const send = () => {
    const body = toEventWrite(form.getValues());
    const onSuccess = ({ reply, message }: { reply: EventWriteReply; message: string | undefined }) => {
      const eventid = reply.eventid ?? reply.event?.eventid ?? event?.eventid;
      notify.success(
        message ??
          (editing || eventid === undefined ? eventMessages.updated : eventMessages.created(eventid)),
      );
      setResult(reply);
      goTo(2);
    };
    const onError = (error: unknown) => reportFailure(error, eventMessages.sendFailed);
    if (event) updateEvent.mutate({ eventid: event.eventid, body, idempotencyKey }, { onSuccess, onError });
    else createEvent.mutate({ body, idempotencyKey }, { onSuccess, onError });
  };

  // Spec 4: a ticket that already has an event leads to it; otherwise the form takes what the
  // ticket gives, and each of its services that cannot be used is a warning of its own.
  const applyPrefill = (reply: EventPrefillReply) => {
    if (reply.existingeventid !== null) {
      notify.info(`Ticket ${reply.ticketid} already has Event #${reply.existingeventid}`);
      onClose();
      navigate(`/event/${reply.existingeventid}`);
      return;
    }
    form.setValues(withPrefill(form.getValues(), reply.ticketid, reply.prefill));
    form.clearErrors();
    for (const message of reply.prefill.messages) notify.warning(message);
  };

  const resultEventid = result ? (result.eventid ?? result.event?.eventid ?? event?.eventid ?? null) : null;
  const values = form.values;

  return (
    <WizardFrame
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit Event #${event.eventid}` : 'New Event'}
      // The summary is shown once the event is saved: nothing is left to do, so every step is ticked
      // (Mantine ticks a step only once the stepper is past it, hence the completed content).
      active={active === 2 ? 3 : active}
      busy={saving}
      unsaved={active < 2 && form.isDirty()}
      discard={
        editing
          ? {
              title: 'Discard your changes?',
              consequence: 'The changes you made to this event will be lost.',
            }
          : {
              title: 'Discard this event?',
              consequence: 'What you entered will be lost and nothing is sent.',
            }
      }
      steps={[
        {
          label: stepTitles[0],
          content: (
            <EventDescriptionStep
              form={form}
              heading={heading(0)}
              prefill={editing ? null : <PrefillFromTicket onPrefilled={applyPrefill} />}
              onTemplate={(index) => form.setValues(withTemplate(index))}
              searchEnabled={opened && active === 0}
            />
          ),
        },
        {
          label: stepTitles[1],
          content: (
            <PreflightStep
              heading={heading(1)}
              customers={plan}
              sendnotification={values.sendnotification}
              updateexisting={values.updateexisting}
              onSendnotificationChange={(checked) => form.setFieldValue('sendnotification', checked)}
              onUpdateexistingChange={changeUpdateExisting}
              refreshing={preflight.isPending}
            />
          ),
        },
        { label: stepTitles[2] },
      ]}
      completed={
        <SummaryStep
          heading={heading(2)}
          eventid={resultEventid}
          editing={editing}
          revision={result?.event?.revision ?? null}
          notifications={result?.notifications ?? []}
          customers={plan}
          sendnotification={values.sendnotification}
          onOpenEvent={onClose}
        />
      }
      footer={
        active === 0
          ? { forward: { label: 'Next', onClick: next, loading: preflight.isPending } }
          : active === 1
            ? {
                back: { onClick: () => goTo(0), disabled: saving },
                forward: {
                  label: editing ? 'Save' : 'Send',
                  onClick: send,
                  sends: true,
                  loading: saving,
                  disabled: preflight.isPending,
                },
              }
            : { done: true }
      }
    />
  );
}
