/** Clinic-local wall-clock time lives in `@/lib/clinic-time`; this path stays for the requests that still import it. */
export * from '@/lib/clinic-time';
