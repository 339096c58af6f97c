import { Controller, useFormState, type FieldValues } from 'react-hook-form';
import { MapPicker, type MapPickerProps, type MapPoint } from '@/components/map-picker';
import type { Bound } from './field-types';
import { messageAt } from './form-errors';

const isPoint = (value: unknown): value is MapPoint => typeof value === 'object' && value !== null && 'x' in value && 'y' in value;

/**
 * A place on the map, `{ x: latitude, y: longitude }`, with the messages of each coordinate and of the place as a
 * whole. `emptyValue: null` stores null once both coordinates are cleared (a place that is optional).
 */
export function MapField<T extends FieldValues>({
  control, name, required, testId, emptyValue, ...props
}: Bound<T> & Pick<MapPickerProps, 'label' | 'description' | 'height'> & { emptyValue?: null }) {
  const { errors } = useFormState({ control, name });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MapPicker
          {...props}
          required={required}
          value={isPoint(field.value) ? field.value : null}
          onChange={(point) => field.onChange(emptyValue === null && point.x === '' && point.y === '' ? null : point)}
          errors={{ x: messageAt(errors, `${name}.x`), y: messageAt(errors, `${name}.y`), location: messageAt(errors, name) }}
          data-testid={testId}
        />
      )}
    />
  );
}
