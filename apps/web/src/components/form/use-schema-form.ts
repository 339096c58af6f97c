import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type SubmitErrorHandler, type UseFormProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/http';

interface SchemaFormOptions<TIn extends FieldValues, TOut> {
  /**
   * The shared zod schema the API validates with (or the form's own, built on it): it reads the form's values (what
   * the inputs hold: '' for an empty number, ...) and gives what is sent, `TOut`.
   */
  schema: z.ZodType<TOut>;
  defaultValues: DefaultValues<TIn>;
  mode?: UseFormProps<TIn>['mode'];
  /**
   * Where a field of the API's error envelope (`message.fields`, keyed by the API's paths) shows on this form;
   * null leaves it out and its message joins the form's message. By default the paths are the form's own.
   */
  serverField?: (path: string) => Path<TIn> | null;
  /** Shows the server's message even when every field message found its field (forms whose fields hide in tabs). */
  keepServerMessage?: boolean;
  /**
   * Focuses the first refused field on a refused submit (the default). Off where the first fields are selects whose
   * list would open over the form's messages on focus (the booking form).
   */
  focusInvalid?: boolean;
}

interface SubmitOptions<TIn extends FieldValues> {
  onInvalid?: SubmitErrorHandler<TIn>;
  /** Told which of the form's fields the server refused (for example to open the tab that holds them). */
  onServerFields?: (fields: Array<Path<TIn>>) => void;
}

/**
 * The resolver of a form whose values are `TIn`: the schema parses them as they are into the values sent, `TOut`. The
 * identity step gives the schema the form's values as its input type (a zod schema reads any input), so the resolver
 * is typed `Resolver<TIn, unknown, TOut>` without a cast.
 */
function schemaResolver<TIn extends FieldValues, TOut>(schema: z.ZodType<TOut>) {
  return zodResolver(z.preprocess((values: TIn) => values, schema));
}

/**
 * One form over a shared schema: the zod resolver, the server's field errors put on their fields (the first one
 * focused), and the server's message for the rest (`serverError`, shown by `FormMessage`).
 */
export function useSchemaForm<TIn extends FieldValues, TOut = TIn>({ schema, defaultValues, mode = 'onTouched', serverField, keepServerMessage, focusInvalid = true }: SchemaFormOptions<TIn, TOut>) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const resolver = useMemo(() => schemaResolver<TIn, TOut>(schema), [schema]);
  const form = useForm<TIn, unknown, TOut>({ resolver, defaultValues, mode, shouldFocusError: focusInvalid });

  /** Puts a failed save on the form; true when at least one field got a message. */
  const applyServerError = (error: unknown, onServerFields?: (fields: Array<Path<TIn>>) => void): boolean => {
    if (!isApiError(error)) {
      setServerError(t('errors.unexpected'));
      return false;
    }
    const unplaced: string[] = [];
    const placed: Array<Path<TIn>> = [];
    for (const [path, message] of Object.entries(error.fields ?? {})) {
      const field = serverField ? serverField(path) : (path as Path<TIn>);
      if (!field) {
        unplaced.push(message);
        continue;
      }
      form.setError(field, { type: 'server', message }, { shouldFocus: placed.length === 0 });
      placed.push(field);
    }
    if (placed.length) onServerFields?.(placed);
    setServerError(unplaced.length ? unplaced.join(' · ') : placed.length && !keepServerMessage ? null : error.message);
    return placed.length > 0;
  };

  /** The submit handler: validates, sends, and on a refusal puts the server's answer on the form. */
  const onSubmit = (send: (values: TOut) => Promise<unknown>, options: SubmitOptions<TIn> = {}) =>
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        await send(values);
      } catch (error) {
        applyServerError(error, options.onServerFields);
      }
    }, options.onInvalid);

  return { form, serverError, setServerError, onSubmit, applyServerError };
}
