import {
  type AccessTicketPlan,
  accessMessages,
  accessStepOneProblem,
  accessTypeRefusal,
  defaultUploadMaxBytes,
  uploadBatchProblem,
} from '@lightpath/domain/access';
import type { Site } from '@lightpath/domain/sites';
import { fullName } from '@lightpath/domain/users';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { WizardFrame, WizardStepHeading } from '../../../components/wizard-frame';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useOpeningKey } from '../../../lib/use-opening-key';
import { useWizardStep } from '../../../lib/use-wizard-step';
import { reportWizardFailure } from '../../../lib/zod-form';
import {
  type AccessBody,
  type AccessFormValues,
  blankAccessValues,
  filesFor,
  formFieldOf,
  mergeFiles,
  sameUpload,
  toAccessBody,
  toAccessStepOne,
  withReason,
} from '../access-form-values';
import { useCreateAccessRequest } from '../api/create-access-request';
import { usePreflightAccessRequest } from '../api/preflight-access-request';
import { useUploadAccessForm } from '../api/upload-access-form';
import { AccessDescriptionStep } from './access-description-step';
import { AccessPreflightStep } from './access-preflight-step';
import { AccessSummaryStep } from './access-summary-step';

type Props = {
  opened: boolean;
  onClose: () => void;
  // Chosen already when the wizard opens (the site page's own site); still changeable in it.
  site?: Site | null | undefined;
};

// Spec 2.6: Request Site Access's three steps.
const stepTitles = ['Site Access Description', 'Preflight Confirmation', 'Summary'] as const;
type Step = 0 | 1 | 2;

type Uploaded = { siteid: number; files: File[]; tokens: string[] };

// Spec 2.6 / 4 / 5: Request Site Access. Step one is checked by the domain rule; for a site that needs
// an access form (type 4) the files go up first, then the request is submitted as a preflight; step
// two shows the ticket it will open and submits for real (the very body the preflight saw); step
// three names the ticket. Every opening is a session of its own: fresh values, step one and a new
// Idempotency-Key, so nothing of a previous request leaks into the next one.
export function RequestSiteAccessWizard(props: Props) {
  const opening = useOpeningKey(props.opened);
  return <RequestSiteAccessSession key={opening} {...props} />;
}

function RequestSiteAccessSession({ opened, onClose, site: preselected }: Props) {
  const { user } = useSession();
  const form = useForm<AccessFormValues>({
    initialValues: blankAccessValues({ technician: fullName(user) }),
  });
  const [site, setSite] = useState<Site | null>(preselected ?? null);
  const [siteError, setSiteError] = useState<string | undefined>(undefined);
  // The focus moves to the heading of each step the user arrives at.
  const { active, goTo, focusOnArrival } = useWizardStep<Step>(0);
  const [plan, setPlan] = useState<AccessTicketPlan | null>(null);
  // What the preflight was asked about: the real request sends exactly this.
  const [confirmed, setConfirmed] = useState<{ siteid: number; body: AccessBody } | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [ticketid, setTicketid] = useState<number | null>(null);
  // One key for the whole session: a second click, or a retry after a lost reply, is the same request.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const upload = useUploadAccessForm();
  const preflight = usePreflightAccessRequest();
  const createRequest = useCreateAccessRequest();
  const checking = upload.isPending || preflight.isPending;

  const heading = (step: Step) => (
    // Autofocus: the modal opens on the heading, not in the site picker, whose list would otherwise
    // drop open over the form even when the site page has chosen the site already.
    <WizardStepHeading focusRef={focusOnArrival} autofocus>
      {stepTitles[step]}
    </WizardStepHeading>
  );

  const changed = form.isDirty() || (site?.siteid ?? null) !== (preselected?.siteid ?? null);

  const showError = (path: string, message: string) => {
    const field = formFieldOf(path);
    if (field === 'site') setSiteError(message);
    else form.setFieldError(field, message);
  };

  // Field problems from the server land on step one's fields (spec 8); the site picker keeps its own.
  const reportFailure = (error: unknown, fallback: string) =>
    reportWizardFailure(form, error, fallback, formFieldOf, { site: setSiteError });

  // The files go up once per choice of files: going back and on again does not send them twice.
  const tokensFor = async (chosen: Site, files: File[]): Promise<string[]> => {
    if (files.length === 0) return [];
    if (uploaded && sameUpload(uploaded, chosen.siteid, files)) return uploaded.tokens;
    const attachments = await upload.mutateAsync({ siteid: chosen.siteid, files });
    const tokens = attachments.map((a) => a.token);
    setUploaded({ siteid: chosen.siteid, files, tokens });
    return tokens;
  };

  // Spec 4/5: step one passes the domain rule first; then the access form goes up, then the preflight.
  const next = async () => {
    const values = form.getValues();
    form.clearErrors();
    setSiteError(undefined);
    const problem = accessStepOneProblem(toAccessStepOne(values, site));
    if (problem || !site) {
      const message = problem?.message ?? accessMessages.incomplete;
      showError(problem?.path ?? 'site', message);
      // One toast per message: pressing Next again does not stack copies, a new problem still shows.
      notify.warning(message, `site-access:${message}`);
      return;
    }
    const files = filesFor(values, site);
    const fileProblem = files.length > 0 ? uploadBatchProblem(files, defaultUploadMaxBytes) : null;
    if (fileProblem) {
      form.setFieldError('files', fileProblem.message);
      notify.warning(fileProblem.message, `site-access:${fileProblem.message}`);
      return;
    }
    let tokens: string[];
    try {
      tokens = await tokensFor(site, files);
    } catch (error) {
      reportFailure(error, accessMessages.uploadFailed);
      return;
    }
    const request = { siteid: site.siteid, body: toAccessBody(values, site, tokens) };
    preflight.mutate(request, {
      onSuccess: (answer) => {
        setPlan(answer);
        setConfirmed(request);
        goTo(1);
      },
      onError: (error) => reportFailure(error, accessMessages.preflightFailed),
    });
  };

  const send = () => {
    if (!confirmed) return;
    createRequest.mutate(
      { ...confirmed, idempotencyKey },
      {
        onSuccess: ({ ticket, message }) => {
          notify.success(message ?? accessMessages.created(ticket.id));
          setTicketid(ticket.id);
          goTo(2);
        },
        onError: (error) => reportFailure(error, accessMessages.submitFailed),
      },
    );
  };

  const chooseSite = (next: Site | null) => {
    setSite(next);
    setSiteError(undefined);
    form.clearFieldError('files');
  };

  return (
    <WizardFrame
      opened={opened}
      onClose={onClose}
      title="Request Site Access"
      active={active}
      busy={createRequest.isPending}
      unsaved={active < 2 && changed}
      discard={{
        title: 'Discard this request?',
        consequence: 'What you entered will be lost and nothing is sent.',
      }}
      steps={[
        {
          label: stepTitles[0],
          content: (
            <AccessDescriptionStep
              form={form}
              heading={heading(0)}
              site={site}
              onSite={chooseSite}
              siteError={siteError}
              onReason={(reason) => form.setValues(withReason(form.getValues(), reason, site))}
              onAddFiles={(files) => {
                form.setFieldValue('files', mergeFiles(form.getValues().files, files));
                form.clearFieldError('files');
              }}
              onRemoveFile={(file) =>
                form.setFieldValue(
                  'files',
                  form.getValues().files.filter((f) => f !== file),
                )
              }
              searchEnabled={opened && active === 0}
            />
          ),
        },
        { label: stepTitles[1], content: <AccessPreflightStep heading={heading(1)} plan={plan} /> },
        {
          label: stepTitles[2],
          content: (
            <AccessSummaryStep
              heading={heading(2)}
              ticketid={ticketid}
              sitename={site ? `${site.sitenumber} ${site.sitename}` : 'the site'}
              onOpenTicket={onClose}
            />
          ),
        },
      ]}
      footer={
        active === 0
          ? {
              forward: {
                label: 'Next',
                onClick: () => void next(),
                loading: checking,
                // Spec 5: a site whose access type sends the user elsewhere cannot go on.
                disabled: site !== null && accessTypeRefusal(site.accesstype) !== null,
              },
            }
          : active === 1
            ? {
                back: { onClick: () => goTo(0), disabled: createRequest.isPending },
                forward: {
                  label: 'Send request',
                  onClick: send,
                  sends: true,
                  loading: createRequest.isPending,
                },
              }
            : { done: true }
      }
    />
  );
}
