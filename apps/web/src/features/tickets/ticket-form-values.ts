import {
  buildTicketSubject,
  issueIsWorks,
  issueNeedsStart,
  type TicketIssueType,
  type TicketWizardValues,
  ticketIssueTypes,
  ticketMessages,
  ticketTypeForIssue,
} from '@lightpath/domain/tickets';
import { secondsFromInputs } from '../../lib/time-zone';
import type { TicketCreateBody } from './api/create-ticket';

// What the Create New Ticket wizard holds. Selects speak strings ('' when nothing is chosen); times
// are split into the date and time the inputs show, read in the user's zone like the event wizard's.
export type TicketFormValues = {
  issuetype: string;
  services: string[];
  startdate: string;
  starttime: string;
  enddate: string;
  endtime: string;
  siteid: string;
  subject: string;
  description: string;
};

export function blankTicketValues(services: readonly string[] = []): TicketFormValues {
  return {
    issuetype: '',
    services: [...services],
    startdate: '',
    starttime: '',
    enddate: '',
    endtime: '',
    siteid: '',
    subject: '',
    description: '',
  };
}

function issueOf(value: string): TicketIssueType | null {
  return ticketIssueTypes.find((issue) => issue === value) ?? null;
}

// A half-filled or impossible date is no time at all, so the step says the time is required rather
// than sending a wrong one.
function readSeconds(date: string, time: string): number | null {
  const seconds = secondsFromInputs(date, time);
  return seconds === null || seconds < 0 ? null : seconds;
}

// What the domain's step rules (ticketStepProblem) read. Only the times the issue asks for count:
// a start typed for an outage and left behind after switching to a query is not sent.
export function toTicketWizardValues(values: TicketFormValues): TicketWizardValues {
  const issuetype = issueOf(values.issuetype);
  const works = issueIsWorks(issuetype);
  const timed = works || issueNeedsStart(issuetype);
  return {
    issuetype,
    services: works ? [] : values.services,
    starttime: timed ? readSeconds(values.startdate, values.starttime) : null,
    endtime: works ? readSeconds(values.enddate, values.endtime) : null,
    siteid: works && values.siteid !== '' ? Number(values.siteid) : null,
    subject: values.subject,
    description: values.description,
  };
}

// The form field each step problem belongs to, so the message shows under the input it is about.
const fieldOfMessage: Record<string, keyof TicketFormValues> = {
  [ticketMessages.issueRequired]: 'issuetype',
  [ticketMessages.servicesRequired]: 'services',
  [ticketMessages.startRequired]: 'startdate',
  [ticketMessages.siteRequired]: 'siteid',
  [ticketMessages.worksStartRequired]: 'startdate',
  [ticketMessages.worksEndRequired]: 'enddate',
  [ticketMessages.worksEndBeforeStart]: 'enddate',
  [ticketMessages.subjectRequired]: 'subject',
  [ticketMessages.descriptionRequired]: 'description',
};

export function ticketFieldOf(message: string): keyof TicketFormValues | null {
  return fieldOfMessage[message] ?? null;
}

// Spec 9's subject for what has been chosen so far, dated by the start the user gave (or now).
export function suggestedSubject(
  values: TicketFormValues,
  context: { sitename: string | null; timeZone: string; now: number },
): string {
  const wizard = toTicketWizardValues(values);
  if (!wizard.issuetype) return '';
  return buildTicketSubject({
    issuetype: wizard.issuetype,
    services: wizard.services,
    sitename: context.sitename,
    at: wizard.starttime ?? context.now,
    timeZone: context.timeZone,
  });
}

// Only called once every step passes, so the issue is chosen.
export function toTicketBody(values: TicketFormValues): TicketCreateBody {
  const wizard = toTicketWizardValues(values);
  const issuetype = wizard.issuetype as TicketIssueType;
  return {
    issuetype,
    subject: wizard.subject.trim(),
    description: wizard.description.trim(),
    tickettype: ticketTypeForIssue[issuetype],
    services: wizard.services,
    starttime: wizard.starttime,
    endtime: wizard.endtime,
    ...(wizard.siteid !== null ? { siteid: wizard.siteid } : {}),
  };
}
