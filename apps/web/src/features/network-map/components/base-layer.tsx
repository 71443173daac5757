import { GeoJSON, TileLayer } from 'react-leaflet';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import { australiaOutline } from '../australia-outline';

// The portal configuration may name a tile server (MAP_TILE_URL, in GET /api/portal as maptileurl);
// without one the map draws the bundled outline, so it works on a closed network.
export function useMapTileUrl(): string | null {
  return usePortalInfo().data?.maptileurl?.trim() || null;
}

export function useMapTileAttribution(): string | undefined {
  return usePortalInfo().data?.maptileattribution ?? undefined;
}

// Sea behind the bundled outline; a tile layer covers it.
export const seaColour = '#d9e7f3';

const landStyle = {
  color: '#8fa3b8',
  weight: 1,
  fillColor: '#f6f3ec',
  fillOpacity: 1,
};

export function BaseLayer() {
  const tileUrl = useMapTileUrl();
  const attribution = useMapTileAttribution();
  if (tileUrl) return <TileLayer url={tileUrl} attribution={attribution} />;
  return <GeoJSON data={australiaOutline} style={landStyle} interactive={false} />;
}
