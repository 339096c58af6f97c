import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type DoctorSharePayoutValues, type DoctorShareRuleValues, type DoctorShareStatementQuery } from '@clinic/shared';
import { call, callFile } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

export const doctorShareKeys = {
  all: () => ['doctorShares'] as const,
  doctors: () => [...doctorShareKeys.all(), 'doctors'] as const,
  rules: (doctor: string) => [...doctorShareKeys.all(), 'rules', doctor] as const,
  statements: () => [...doctorShareKeys.all(), 'statement'] as const,
  statement: (q: DoctorShareStatementQuery) => [...doctorShareKeys.statements(), q.doctor, q.from, q.to] as const,
};

/** The doctors whose share the user may see: every doctor with `doctor_share_read_all`, else only themselves. */
export const doctorShareDoctorsQueryOptions = () =>
  queryOptions({
    queryKey: doctorShareKeys.doctors(),
    queryFn: ({ signal }) => call(routes.doctorShares.doctors, {}, { signal }).then((r) => r.data),
  });

export const doctorShareRulesQueryOptions = (doctor: string) =>
  queryOptions({
    queryKey: doctorShareKeys.rules(doctor),
    queryFn: ({ signal }) => call(routes.doctorShares.rules, { query: { doctor } }, { signal }).then((r) => r.data),
  });

export function useDoctorShareRules(doctor: string | null) {
  return useQuery({ ...doctorShareRulesQueryOptions(doctor ?? ''), enabled: Boolean(doctor) });
}

export const doctorShareStatementQueryOptions = (q: DoctorShareStatementQuery) =>
  queryOptions({
    queryKey: doctorShareKeys.statement(q),
    queryFn: ({ signal }) => call(routes.doctorShares.statement, { query: q }, { signal }).then((r) => r.data),
  });

export function useDoctorShareStatement(q: DoctorShareStatementQuery | null) {
  return useQuery({ ...doctorShareStatementQueryOptions(q ?? { doctor: '', from: '', to: '' }), enabled: Boolean(q?.doctor) });
}

/** A new rule (silent: its refusals show on the form's fields). */
export function useCreateShareRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DoctorShareRuleValues) => call(routes.doctorShares.createRule, { body: input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorShareKeys.all() }),
  });
}

/** Withdraws a rule not yet in effect. */
export function useWithdrawShareRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(routes.doctorShares.withdrawRule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorShareKeys.all() }),
  });
}

/** Records a payout against a period's statement (silent: an overpayment shows on the amount). */
export function useRecordSharePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DoctorSharePayoutValues) => call(routes.doctorShares.createPayout, { body: input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorShareKeys.statements() }),
  });
}

/** Downloads the statement as CSV, named after the doctor and the period. */
export async function downloadStatementCsv(q: DoctorShareStatementQuery, doctorName: string): Promise<void> {
  const blob = await callFile(routes.doctorShares.statementCsv, { query: q });
  const safe = doctorName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || q.doctor;
  saveBlob(blob, `${safe} ${q.from} ${q.to}.csv`);
}

/** Where a statement's printout is. */
export const statementPrintPath = (q: DoctorShareStatementQuery) =>
  `/print/doctor-share?${new URLSearchParams({ doctor: q.doctor, from: q.from, to: q.to }).toString()}`;
