import { awxJobSchema } from '@lightpath/domain/awx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

export async function cancelJob(jobid: number) {
  const reply = await apiRequestWithMessage(`awx/jobs/${jobid}/cancel`, {
    reply: awxJobSchema,
    method: 'POST',
  });
  return { job: reply.payload, message: reply.message };
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
