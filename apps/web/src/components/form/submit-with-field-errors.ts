import type { FieldValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from '@/lib/http';

/**
 * The submit handler of a form whose caller saves the values: a refusal's field errors are put on their fields (the
 * request already showed its message as a toast).
 */
export function submitWithFieldErrors<TIn extends FieldValues, TOut>(
  handleSubmit: UseFormHandleSubmit<TIn, TOut>,
  setError: UseFormSetError<TIn>,
  onSubmit: (values: TOut) => Promise<unknown>,
) {
  return handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyFieldErrors(error, setError);
    }
  });
}
