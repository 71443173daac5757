import {
  defaultApprover,
  type EventDetail,
  type EventDraft,
  type EventPrefill,
  eventTemplates,
  type eventWriteSchema,
} from '@lightpath/domain/events';
import { serviceIdPattern } from '@lightpath/domain/services';
import type { z } from 'zod';
import { inputsFromSeconds, secondsFromInputs } from '../../lib/time-zone';

// What the New Event wizard holds. Selects speak strings and the ticket number is a NumberInput
// value ('' when empty); times are split into the date and time the inputs show, in the user's zone.
export type EventFormValues = {
  type: string;
  // The prefill template last chosen ('' when none): choosing one replaces title and description.
  template: string;
  services: string[];
  startdate: string;
  starttime: string;
  enddate: string;
  endtime: string;
  title: string;
  description: string;
  number: number | string;
  initiator: string;
  approver: string;
  priority: string;
  slatype: string;
  sendnotification: boolean;
  updateexisting: boolean;
};

// The body of POST /api/event and PUT /api/event/{id}; the api calls add `preflight`.
export type EventWriteBody = Omit<z.input<typeof eventWriteSchema>, 'preflight'>;

const defaultTemplate = 0;
const mediumPriority = '3';
const scheduledOutageSla = '1';

// Spec 9: a new event starts from the first template, whose '[SUBURB]' the user must replace (page
// one refuses it), priority Medium, SLA Scheduled Outage, the signed-in user as initiator and the
// provider's NOC as approver. The type is left for the user to choose: it decides who gets an SMS.
export function blankEventValues(defaults: {
  initiator: string;
  providerName: string | null;
}): EventFormValues {
  const template = eventTemplates[defaultTemplate] as (typeof eventTemplates)[number];
  return {
    type: '',
    template: String(defaultTemplate),
    services: [],
    startdate: '',
    starttime: '',
    enddate: '',
    endtime: '',
    title: template.title,
    description: template.description,
    number: '',
    initiator: defaults.initiator,
    approver: defaults.providerName ? defaultApprover(defaults.providerName) : '',
    priority: mediumPriority,
    slatype: scheduledOutageSla,
    sendnotification: true,
    updateexisting: false,
  };
}

// Editing starts from the event as it stands; a new revision normally answers on the customers'
// existing tickets rather than opening new ones.
export function valuesFromEvent(event: EventDetail): EventFormValues {
  const start = inputsFromSeconds(event.starttime);
  const end = inputsFromSeconds(event.endtime);
  return {
    type: String(event.type),
    template: '',
    services: event.services.map((service) => service.serviceid),
    startdate: start.date,
    starttime: start.time,
    enddate: end.date,
    endtime: end.time,
    title: event.title,
    description: event.description,
    number: event.number,
    initiator: event.initiator,
    approver: event.approver,
    priority: String(event.priority),
    slatype: String(event.slatype),
    sendnotification: true,
    updateexisting: true,
  };
}

export function withTemplate(index: number): Pick<EventFormValues, 'template' | 'title' | 'description'> {
  const template = eventTemplates[index];
  if (!template) throw new Error(`No event template ${index}`);
  return { template: String(index), title: template.title, description: template.description };
}

// Spec 4: the ticket's type, SLA, template text, priority and times replace what the form holds
// (each only when the ticket gives one); its usable services join those already chosen; the event
// takes the ticket's number.
export function withPrefill(
  values: EventFormValues,
  ticketid: number,
  prefill: EventPrefill,
): EventFormValues {
  const next: EventFormValues = {
    ...values,
    number: ticketid,
    priority: String(prefill.priority),
    services: mergeServiceIds(values.services, prefill.services),
  };
  if (prefill.type !== undefined) next.type = String(prefill.type);
  if (prefill.slatype !== undefined) next.slatype = String(prefill.slatype);
  if (prefill.title !== undefined) next.title = prefill.title;
  if (prefill.description !== undefined) next.description = prefill.description;
  if (prefill.title !== undefined || prefill.description !== undefined) {
    const template = eventTemplates.findIndex(
      (t) => t.title === prefill.title && t.description === prefill.description,
    );
    next.template = template >= 0 ? String(template) : '';
  }
  if (prefill.starttime) {
    const start = inputsFromSeconds(prefill.starttime);
    next.startdate = start.date;
    next.starttime = start.time;
  }
  if (prefill.endtime) {
    const end = inputsFromSeconds(prefill.endtime);
    next.enddate = end.date;
    next.endtime = end.time;
  }
  return next;
}

function numberOrNull(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? null : number;
}

// What page one's rule (eventDraftProblem) reads.
export function toEventDraft(values: EventFormValues): EventDraft {
  return {
    type: values.type === '' ? null : Number(values.type),
    services: values.services,
    starttime: secondsFromInputs(values.startdate, values.starttime),
    endtime: secondsFromInputs(values.enddate, values.endtime),
    title: values.title,
    description: values.description,
    number: numberOrNull(values.number),
    initiator: values.initiator,
  };
}

// Page one's problems name draft fields; the form shows times as date + time inputs.
export function formFieldOf(path: keyof EventDraft | string): keyof EventFormValues | string {
  if (path === 'starttime') return 'startdate';
  if (path === 'endtime') return 'enddate';
  return path;
}

// Only called once page one passes, so every field here is filled and readable.
export function toEventWrite(values: EventFormValues): EventWriteBody {
  const draft = toEventDraft(values);
  const approver = values.approver.trim();
  return {
    number: draft.number as number,
    title: values.title.trim(),
    description: values.description.trim(),
    starttime: draft.starttime as number,
    endtime: draft.endtime,
    type: draft.type as number,
    initiator: values.initiator.trim(),
    ...(approver ? { approver } : {}),
    priority: Number(values.priority),
    slatype: Number(values.slatype),
    services: values.services,
    updateexisting: values.updateexisting,
    sendnotification: values.sendnotification,
  };
}

// Service ids as people paste them: one per line, or separated by spaces, commas or semicolons.
export function parseServiceIds(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((id) => id.trim().toUpperCase())
    .filter((id) => id !== '');
}

export function mergeServiceIds(current: readonly string[], incoming: readonly string[]): string[] {
  return [...new Set([...current, ...incoming])];
}

// Whether a typed or pasted token can be a service id at all; search words are not. The server
// still decides whether it exists and is enabled.
export function looksLikeServiceId(token: string): boolean {
  return serviceIdPattern.test(token);
}
