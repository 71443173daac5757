import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { siteColour } from '../map-data';
import { BaseLayer, seaColour, useMapTileUrl } from './base-layer';

type Props = {
  latitude: number;
  longitude: number;
  label: string;
  condition: Parameters<typeof siteColour>[0]['condition'];
  status: 0 | 1;
  height?: number;
};

// One site's position. Scroll-wheel zoom is off so the page scrolls past it; drag and +/- still work.
export function SitePinMap({ latitude, longitude, label, condition, status, height = 260 }: Props) {
  const tiles = useMapTileUrl();
  const colour = siteColour({ condition, status });
  return (
    <Box
      role="region"
      aria-label={`Map showing ${label}`}
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}
    >
      <MapContainer
        center={[latitude, longitude]}
        // The bundled outline has no detail below country level; real tiles can show the street.
        zoom={tiles ? 14 : 5}
        scrollWheelZoom={false}
        // The label fades in otherwise, and while it fades it is text no one can read.
        fadeAnimation={false}
        style={{ height: '100%', width: '100%', background: seaColour }}
      >
        <BaseLayer />
        <CircleMarker
          center={[latitude, longitude]}
          radius={8}
          pathOptions={{ color: '#ffffff', weight: 2, fillColor: colour, fillOpacity: 1 }}
        >
          <Tooltip direction="top" offset={[0, -8]} permanent>
            {label}
          </Tooltip>
        </CircleMarker>
      </MapContainer>
    </Box>
  );
}
