import type { FeatureCollection, Polygon } from 'geojson';

// A deliberately coarse outline of Australia (mainland and Tasmania), hand-placed along the coast so
// the map has a recognisable base with no network access at all. About 12 km to 80 km off at any
// point: enough to see where a site is, never a survey. Coordinates are [longitude, latitude].
const mainland: [number, number][] = [
  [142.5, -10.7], // Cape York
  [143.6, -14.2],
  [145.3, -15.5],
  [145.8, -16.9],
  [146.8, -19.2],
  [148.6, -20.3],
  [149.3, -21.2],
  [150.5, -22.4],
  [150.9, -23.2],
  [151.4, -24.0],
  [152.5, -24.8],
  [153.2, -25.3],
  [153.1, -26.6],
  [153.4, -27.4],
  [153.6, -28.2],
  [153.6, -28.7],
  [153.3, -29.8],
  [153.1, -30.7],
  [152.9, -31.5],
  [152.3, -32.4],
  [151.7, -33.0],
  [151.3, -33.9],
  [150.9, -34.5],
  [150.7, -35.1],
  [150.2, -35.8],
  [149.9, -37.0],
  [149.9, -37.5], // Cape Howe
  [148.8, -37.8],
  [147.7, -38.0],
  [146.4, -39.1], // Wilsons Promontory
  [145.5, -38.6],
  [144.7, -38.3],
  [144.0, -38.5],
  [143.5, -38.8], // Cape Otway
  [142.4, -38.4],
  [141.5, -38.4],
  [140.3, -37.9],
  [139.8, -37.0],
  [139.3, -36.1],
  [138.9, -35.6],
  [138.1, -35.6],
  [138.5, -34.9],
  [138.1, -34.2],
  [137.7, -35.1],
  [136.9, -35.3],
  [137.5, -34.0],
  [137.8, -32.6], // head of Spencer Gulf
  [137.0, -33.6],
  [135.9, -34.8],
  [135.2, -33.8],
  [134.2, -32.8],
  [133.6, -32.1],
  [131.2, -31.5], // Head of Bight
  [129.0, -31.7],
  [126.0, -32.3],
  [123.6, -33.9],
  [121.9, -33.9],
  [119.9, -34.0],
  [117.9, -35.1],
  [116.0, -34.9],
  [115.0, -34.3], // Cape Leeuwin
  [115.6, -33.3],
  [115.7, -32.0],
  [115.0, -29.9],
  [114.6, -28.7],
  [113.4, -26.5],
  [113.6, -24.9],
  [113.8, -23.0],
  [114.1, -21.8], // North West Cape
  [116.7, -20.6],
  [118.6, -20.3],
  [121.0, -19.5],
  [122.2, -18.0],
  [122.9, -16.4],
  [124.4, -15.6],
  [125.8, -14.4],
  [127.2, -13.9],
  [128.3, -14.9],
  [129.6, -14.9],
  [130.2, -13.2],
  [130.8, -12.4],
  [132.4, -11.4],
  [134.0, -11.9],
  [135.6, -12.1],
  [136.8, -12.2],
  [136.0, -13.4],
  [135.5, -14.8],
  [137.0, -15.9],
  [139.2, -17.3],
  [140.8, -17.5], // bottom of the Gulf of Carpentaria
  [141.4, -15.5],
  [141.6, -13.5],
  [141.9, -12.5],
  [142.5, -10.7],
];

const tasmania: [number, number][] = [
  [144.7, -40.7],
  [146.0, -41.1],
  [147.0, -40.9],
  [148.3, -40.9],
  [148.3, -42.1],
  [147.9, -43.2],
  [146.9, -43.6],
  [146.0, -43.6],
  [145.2, -42.3],
  [144.6, -41.4],
  [144.7, -40.7],
];

function land(name: string, ring: [number, number][]) {
  return {
    type: 'Feature' as const,
    properties: { name },
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  };
}

export const australiaOutline: FeatureCollection<Polygon, { name: string }> = {
  type: 'FeatureCollection',
  features: [land('Australia', mainland), land('Tasmania', tasmania)],
};

// South-west and north-east corners that frame the whole outline ([latitude, longitude], Leaflet's order).
export const australiaBounds: [[number, number], [number, number]] = [
  [-44, 112.5],
  [-10, 154],
];
