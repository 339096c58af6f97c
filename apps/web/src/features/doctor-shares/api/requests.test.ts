import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { testQueryClient } from '@/test/utils';
import {
  doctorShareDoctorsQueryOptions, doctorShareRulesQueryOptions, doctorShareStatementQueryOptions, downloadStatementCsv,
  useCreateShareRule, useRecordSharePayout, useWithdrawShareRule,
} from './doctor-shares';

// The download is saved by the browser; here only its request counts.
vi.mock('@/lib/save-blob', () => ({ saveBlob: () => undefined }));

const doctor = '22222222-2222-4222-8222-222222222222';
const period = { doctor, from: '2026-11-01', to: '2026-11-30' };

function mutation<V>(useHook: () => { mutateAsync: (v: V) => Promise<unknown> }, variables: V) {
  return async () => {
    const client = testQueryClient();
    const { result } = renderHook(useHook, { wrapper: ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children) });
    await result.current.mutateAsync(variables);
  };
}

const fetchQuery = (options: { queryKey: readonly unknown[] }) => () => testQueryClient().fetchQuery(options as never);

describe("the doctor's share requests", () => {
  it('sends each request as the API reads it', async () => {
    expect(await requestLines([
      fetchQuery(doctorShareDoctorsQueryOptions()),
      fetchQuery(doctorShareRulesQueryOptions(doctor)),
      fetchQuery(doctorShareStatementQueryOptions(period)),
      () => downloadStatementCsv(period, 'Dr. Omar'),
      mutation(useCreateShareRule, { doctor, service: null, kind: 'percent', percent: 35, effectiveFrom: '2026-12-01', note: '' }),
      mutation(useWithdrawShareRule, 'a/b 1'),
      mutation(useRecordSharePayout, { ...period, amount: 7000, method: 'cash', reference: '', note: '' }),
    ])).toEqual([
      'GET /api/doctor-shares/doctors',
      `GET /api/doctor-shares/rules?doctor=${doctor}`,
      `GET /api/doctor-shares/statement?doctor=${doctor}&from=2026-11-01&to=2026-11-30`,
      `GET /api/doctor-shares/statement.csv?doctor=${doctor}&from=2026-11-01&to=2026-11-30`,
      `POST /api/doctor-shares/rules {"doctor":"${doctor}","service":null,"kind":"percent","percent":35,"effectiveFrom":"2026-12-01","note":""}`,
      'DELETE /api/doctor-shares/rules/a%2Fb%201',
      `POST /api/doctor-shares/payouts {"doctor":"${doctor}","from":"2026-11-01","to":"2026-11-30","amount":7000,"method":"cash","reference":"","note":""}`,
    ]);
  });
});
