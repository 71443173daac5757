// Spec 9 writes ticket times in the portal's zone ('Monday, July 1st 2026, 8:00 am'), the same on
// every screen and in every ticket, whoever reads them. GET /api/portal does not carry the zone
// (the server's PORTAL_TIMEZONE); its default is Sydney, which is what the portal runs in.
export const portalTimeZone = 'Australia/Sydney';
