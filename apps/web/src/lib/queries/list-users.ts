import { listPage } from '@lightpath/domain/api';
import type { UserType } from '@lightpath/domain/user-types';
import { userListItemSchema } from '@lightpath/domain/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type { UserListItem } from '@lightpath/domain/users';

export type ListUsersParams = {
  limit: number;
  offset: number;
  q?: string;
  type?: UserType;
  customerid?: number;
  sort?: string;
};

export function listUsers(params: ListUsersParams, signal?: AbortSignal) {
  return apiRequest('users', { reply: listPage(userListItemSchema), query: params, signal });
}

export function listUsersQuery(params: ListUsersParams) {
  return queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: ({ signal }) => listUsers(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListUsersParams, enabled = true) {
  return useQuery({ ...listUsersQuery(params), enabled });
}
