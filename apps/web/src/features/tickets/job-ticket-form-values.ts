import { jobTicketSchema } from '@lightpath/domain/tickets';
import type { FormErrors } from '@mantine/form';
import { secondsFromInputs } from '../../lib/time-zone';
import { zodResolver } from '../../lib/zod-form';
import type { JobTicketBody } from './api/create-job-ticket';

// The Technician Job Creator's inputs: selects speak strings, the schedule is a date and a time read
// in the user's zone (as the event wizard reads its times).
export type JobTicketFormValues = {
  siteid: string;
  technicianid: string;
  subject: string;
  description: string;
  scheduleddate: string;
  scheduledclock: string;
};

export function blankJobTicketValues(technicianid: number | null): JobTicketFormValues {
  return {
    siteid: '',
    technicianid: technicianid === null ? '' : String(technicianid),
    subject: '',
    description: '',
    scheduleddate: '',
    scheduledclock: '',
  };
}

// An empty select is 0, which the domain schema refuses as missing; a half-filled schedule is -1,
// which it refuses as not a date and time.
export function toJobTicketBody(values: JobTicketFormValues): JobTicketBody {
  return {
    siteid: Number(values.siteid),
    technicianid: Number(values.technicianid),
    subject: values.subject,
    description: values.description,
    scheduledtime: secondsFromInputs(values.scheduleddate, values.scheduledclock),
  };
}

const schemaErrors = zodResolver<JobTicketFormValues, JobTicketBody>(jobTicketSchema, toJobTicketBody);

// The domain's rules, so the form says exactly what the server would; the body's scheduledtime is
// two inputs here, and its problem shows under the date.
export function validateJobTicket(values: JobTicketFormValues): FormErrors {
  const { scheduledtime, ...errors } = schemaErrors(values);
  return scheduledtime ? { ...errors, scheduleddate: scheduledtime } : errors;
}
