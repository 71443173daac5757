export const portalName = 'Lightpath';

export const buildVersion = import.meta.env.VITE_BUILD_VERSION ?? 'dev';
