declare const __APP_VERSION__: string | undefined;

/** The portal's version from package.json, put in by the build (vite.config.ts `define`). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
