import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapOff, IconMapPin } from '@tabler/icons-react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Marker, TileLayer, useMap, useMapEvent, ZoomControl } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_ZOOM, MAP_LOCATION_ZOOM } from '@clinic/shared';
import { notifyError } from '@/lib/notify';

/** A place as the forms keep it: `x` latitude, `y` longitude; '' while a coordinate is not typed yet. */
export interface MapPoint {
  x: number | string | null | undefined;
  y: number | string | null | undefined;
}

export interface MapPickerProps {
  value: MapPoint | null | undefined;
  /** Typed text is passed on as it is (for example '-' while typing); the form's schema checks it. */
  onChange: (value: { x: number | string; y: number | string }) => void;
  label?: string;
  description?: string;
  required?: boolean;
  /** Messages for the latitude, the longitude and the location as a whole. */
  errors?: { x?: string | undefined; y?: string | undefined; location?: string | undefined };
  /** Map height in pixels (the spec's picker is 300px high). */
  height?: number;
  'data-testid'?: string;
}

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const WORLD_CENTER: [number, number] = [20, 0];

/** A CSS marker: Leaflet's image markers need files the bundle would have to copy. */
const markerIcon = L.divIcon({
  className: 'clinic-map-marker',
  html: '<span style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;background:var(--mantine-color-clinic-6,#13809f);border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4);transform:rotate(-45deg)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

function asNumber(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The point when both coordinates are valid numbers in range. */
export function pointOf(value: MapPoint | null | undefined): [number, number] | null {
  const lat = asNumber(value?.x);
  const lng = asNumber(value?.y);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvent('click', (event) => onPick(round(event.latlng.lat), round(event.latlng.lng)));
  return null;
}

/** Follows the value when it changes from outside the map (typed coordinates, current location). */
function FollowPoint({ point }: { point: [number, number] | null }) {
  const map = useMap();
  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    map.setView([lat, lng], Math.max(map.getZoom(), MAP_LOCATION_ZOOM));
  }, [map, lat, lng]);
  return null;
}

/**
 * Location picker: an OpenStreetMap map 300px high (zoom 2, or 13 around a chosen place); a click places
 * the marker; "Get Current Location" asks the browser. Latitude and longitude can always be typed, so the
 * form still works when the map tiles cannot load (offline, blocked).
 */
export function MapPicker({ value, onChange, label, description, required, errors, height = 300, 'data-testid': testId }: MapPickerProps) {
  const { t, i18n } = useTranslation();
  const point = pointOf(value);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [locating, setLocating] = useState(false);
  const initial = useRef({ center: point ?? WORLD_CENTER, zoom: point ? MAP_LOCATION_ZOOM : MAP_DEFAULT_ZOOM });

  const place = useCallback((lat: number, lng: number) => onChange({ x: lat, y: lng }), [onChange]);

  const locate = () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      notifyError(t('organisation.map.geoUnsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        place(round(pos.coords.latitude), round(pos.coords.longitude));
      },
      () => {
        setLocating(false);
        notifyError(t('organisation.map.geoFailed'));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const coordinate = (key: 'x' | 'y') => {
    const raw = value?.[key];
    return raw === null || raw === undefined ? '' : raw;
  };
  const setCoordinate = (key: 'x' | 'y', next: number | string) => {
    const x = key === 'x' ? next : coordinate('x');
    const y = key === 'y' ? next : coordinate('y');
    onChange({ x, y });
  };

  return (
    <Input.Wrapper label={label} description={description} required={required} error={errors?.location} data-testid={testId}>
      <Stack gap="sm" mt={label ? 6 : 0}>
        <Box
          dir="ltr"
          style={{ height, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)', position: 'relative', zIndex: 0 }}
        >
          <MapContainer
            center={initial.current.center}
            zoom={initial.current.zoom}
            style={{ height: '100%', width: '100%', background: 'var(--mantine-color-default-hover)' }}
            scrollWheelZoom={false}
            zoomControl={false}
            worldCopyJump
          >
            {/* Leaflet's own control has English tooltips; this one speaks the interface language. */}
            <ZoomControl key={i18n.language} position="topleft" zoomInTitle={t('organisation.map.zoomIn')} zoomOutTitle={t('organisation.map.zoomOut')} />
            <TileLayer
              url={TILE_URL}
              attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
              eventHandlers={{ tileerror: () => setTilesFailed(true), tileload: () => setTilesFailed(false) }}
            />
            <ClickToPlace onPick={place} />
            <FollowPoint point={point} />
            {point && <Marker position={point} icon={markerIcon} title={t('organisation.map.marker')} alt={t('organisation.map.marker')} keyboard={false} />}
          </MapContainer>
        </Box>
        {tilesFailed && (
          <Alert variant="light" color="yellow" icon={<IconMapOff size={18} />} p="xs" data-testid="map-tiles-failed">
            <Text size="sm">{t('organisation.map.tilesFailed')}</Text>
          </Alert>
        )}
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label={t('organisation.map.latitude')}
            placeholder="24.7136"
            value={coordinate('x')}
            onChange={(v) => setCoordinate('x', v)}
            min={-90}
            max={90}
            decimalScale={6}
            step={0.0001}
            hideControls
            error={errors?.x}
            withAsterisk={required}
            leftSection={<IconMapPin size={16} stroke={1.6} />}
            style={{ flex: '1 1 10rem' }}
            data-testid="map-latitude"
          />
          <NumberInput
            label={t('organisation.map.longitude')}
            placeholder="46.6753"
            value={coordinate('y')}
            onChange={(v) => setCoordinate('y', v)}
            min={-180}
            max={180}
            decimalScale={6}
            step={0.0001}
            hideControls
            error={errors?.y}
            withAsterisk={required}
            leftSection={<IconMapPin size={16} stroke={1.6} />}
            style={{ flex: '1 1 10rem' }}
            data-testid="map-longitude"
          />
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={16} />}
            onClick={locate}
            loading={locating}
            mt={{ base: 0, xs: 25 }}
            data-testid="map-current-location"
          >
            {t('organisation.map.currentLocation')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('organisation.map.hint')}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
