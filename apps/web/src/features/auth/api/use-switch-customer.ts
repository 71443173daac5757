import { impersonationMessages } from '@lightpath/domain/impersonation';
import type { UserType } from '@lightpath/domain/user-types';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify, setFlash } from '../../../lib/notify';
import { pathAfterSwitch } from '../switch-customer';
import { impersonate } from './impersonate';

export function useSwitchCustomer() {
  return useMutation({
    mutationFn: (input: { customerid: number; usertype: UserType }) => impersonate(input),
    onSuccess: (_reply, input) => {
      // Every cached list belongs to the old customer: a full reload is the honest reset. The toast
      // is carried across it.
      setFlash(impersonationMessages.switched);
      const target = pathAfterSwitch(input.usertype, window.location.pathname);
      if (target) window.location.assign(target);
      else window.location.reload();
    },
    onError: (error) => {
      if (needsToast(error)) notify.warning(errorMessage(error, impersonationMessages.failed));
    },
  });
}
