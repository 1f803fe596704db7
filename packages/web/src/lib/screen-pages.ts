import type { ComponentType } from 'react';

/** A page module: its default export is the screen's component. */
export type PageModule = { default: ComponentType };

/**
 * A feature's pages by route path, each loaded when its route is first opened. Every feature that serves
 * protected routes of the contract exports its own as `SCREENS` from `features/<name>/screens.ts`.
 */
export type ScreenPages = Readonly<Record<string, () => Promise<PageModule>>>;
