import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { ArchiveWorkshopInput, CreateWorkshopInput, ScheduleWorkshopAgainInput, UpdateWorkshopInput } from '../gql/graphql';
import { ARCHIVE_WORKSHOP_MUTATION, CREATE_WORKSHOP_MUTATION, SCHEDULE_WORKSHOP_AGAIN_MUTATION, UPDATE_WORKSHOP_MUTATION } from './workshops.documents';

/*
 * One hook per workshop mutation of the admin's calendar. Each answers the
 * changed workshop's id and a few fields, which the normalized cache merges
 * into the list's entry; the tab then refetches its list (a new run joins it,
 * and the dashboard's statistics change).
 */
const ADMIN = { context: { admin: true } } as const;

export function useCreateWorkshop() {
  const [mutate] = useMutation(CREATE_WORKSHOP_MUTATION, ADMIN);
  return useCallback(async (input: CreateWorkshopInput) => (await mutate({ variables: { input } })).data?.createWorkshop.workshop, [mutate]);
}

export function useUpdateWorkshop() {
  const [mutate] = useMutation(UPDATE_WORKSHOP_MUTATION, ADMIN);
  return useCallback(async (input: UpdateWorkshopInput) => (await mutate({ variables: { input } })).data?.updateWorkshop.workshop, [mutate]);
}

export function useScheduleWorkshopAgain() {
  const [mutate] = useMutation(SCHEDULE_WORKSHOP_AGAIN_MUTATION, ADMIN);
  return useCallback(async (input: ScheduleWorkshopAgainInput) => (await mutate({ variables: { input } })).data?.scheduleWorkshopAgain.workshop, [mutate]);
}

export function useArchiveWorkshop() {
  const [mutate] = useMutation(ARCHIVE_WORKSHOP_MUTATION, ADMIN);
  return useCallback(async (input: ArchiveWorkshopInput) => (await mutate({ variables: { input } })).data?.archiveWorkshop.workshop, [mutate]);
}
