import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapData } from '../api/get-map';
import {
  linkColour,
  linkSegmentsByCondition,
  type PlacedSite,
  siteColour,
  sitesInDrawOrder,
} from '../map-data';
import { useMapTileUrl } from './base-layer';

type Props = {
  data: MapData;
  showLinks: boolean;
  selectedSiteId: number | null;
  onSelect: (siteid: number) => void;
  // Changes when the user picks another view (customer filter): the map then frames the new sites.
  frameKey: string;
};

function siteRadius(site: PlacedSite): number {
  return site.condition === 0 ? 5 : 7;
}

// Sites and links drawn straight onto one canvas: no React component (and no DOM node) per marker,
// so 10,000 sites and 30,000 links stay smooth. React only hands over the data.
export function NetworkLayers({ data, showLinks, selectedSiteId, onSelect, frameKey }: Props) {
  const map = useMap();
  const tileUrl = useMapTileUrl();
  const select = useEffectEvent(onSelect);
  const rendererRef = useRef<L.Canvas | null>(null);
  const framed = useRef<string | null>(null);
  const sites = useMemo(() => sitesInDrawOrder(data.sites), [data]);
  // A new position table comes with new data, which also redraws the selection ring over the markers.
  const positions = useMemo(() => new Map(sites.map((s) => [s.siteid, s])), [sites]);

  if (!rendererRef.current) rendererRef.current = L.canvas({ padding: 0.5, tolerance: 4 });

  useEffect(() => {
    const renderer = rendererRef.current ?? undefined;

    const links = L.layerGroup();
    if (showLinks) {
      for (const { condition, segments } of linkSegmentsByCondition(sites, data.links)) {
        L.polyline(segments, {
          renderer,
          color: linkColour(condition),
          weight: condition === 0 ? 1.5 : 3,
          opacity: condition === 0 ? 0.45 : 0.9,
          interactive: false,
        }).addTo(links);
      }
    }

    // One tooltip for every site, moved to whichever marker the pointer is over.
    const tooltip = L.tooltip({ direction: 'top', offset: [0, -6] });
    const siteOf = new WeakMap<L.Layer, PlacedSite>();
    const markers = L.featureGroup();
    for (const site of sites) {
      const marker = L.circleMarker([site.latitude, site.longitude], {
        renderer,
        radius: siteRadius(site),
        color: '#ffffff',
        weight: 1,
        fillColor: siteColour(site),
        fillOpacity: 0.95,
      });
      siteOf.set(marker, site);
      marker.addTo(markers);
    }
    markers.on('mouseover', (event: L.LeafletEvent) => {
      const site = siteOf.get(event.propagatedFrom as L.Layer);
      if (!site) return;
      const label = document.createElement('span');
      label.textContent = `${site.sitenumber} · ${site.sitename} (${site.customercode})`;
      tooltip.setContent(label).setLatLng([site.latitude, site.longitude]);
      map.openTooltip(tooltip);
    });
    markers.on('mouseout', () => map.closeTooltip(tooltip));
    markers.on('click', (event: L.LeafletEvent) => {
      const site = siteOf.get(event.propagatedFrom as L.Layer);
      if (site) select(site.siteid);
    });

    links.addTo(map);
    markers.addTo(map);

    if (framed.current !== frameKey) {
      framed.current = frameKey;
      if (sites.length > 0) {
        map.fitBounds(L.latLngBounds(sites.map((s) => [s.latitude, s.longitude] as [number, number])), {
          padding: [24, 24],
          // The bundled outline carries no streets: past zoom 7 a customer's few sites would float on
          // blank land. With real tiles configured, closer is useful.
          maxZoom: tileUrl ? 11 : 7,
        });
      }
    }

    return () => {
      map.closeTooltip(tooltip);
      markers.off();
      links.remove();
      markers.remove();
    };
  }, [map, sites, data.links, showLinks, frameKey, tileUrl]);

  // The chosen site gets a ring, drawn separately so choosing does not redraw every marker.
  useEffect(() => {
    if (selectedSiteId === null) return;
    const site = positions.get(selectedSiteId);
    if (!site) return;
    const ring = L.circleMarker([site.latitude, site.longitude], {
      renderer: rendererRef.current ?? undefined,
      radius: 12,
      color: '#1f2937',
      weight: 3,
      fill: false,
      interactive: false,
    }).addTo(map);
    return () => {
      ring.remove();
    };
  }, [map, selectedSiteId, positions]);

  return null;
}

// Moves the view to a site chosen from the list beside the map (keyboard users cannot click a canvas).
export function FlyToSite({ site }: { site: { latitude: number; longitude: number; key: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (!site) return;
    map.flyTo([site.latitude, site.longitude], Math.max(map.getZoom(), 9), { duration: 0.6 });
  }, [map, site]);
  return null;
}
