// Business constants of spec §9 used by the browser.

export const REQUEST_TIMEOUT_MS = 20_000;
export const GRAPHQL_TIMEOUT_MS = 120_000;
export const AUTH_RETRIES = 1;
export const TOKEN_EXPIRY_MARGIN_MS = 5_000;
export const TOAST_DURATION_MS = 5_000;
export const ACTION_TOAST_DURATION_MS = 10_000;
export const TOAST_SWIPE_PX = 80;
export const TOAST_WIDTH_PX = 320;
export const TAB_ICON_BLINK_MS = 700;
export const MOBILE_MAX_WIDTH_PX = 767;
export const MODAL_WIDTH_PX = 600;
export const MODAL_HEIGHT_PX = 300;
export const DIALOG_WIDTH_PX = 400;
export const LIST_PAGE_SIZE = 20;

/** Tooltip defaults of spec §9: the shared view's set, and the signed-in app's set. */
export const SHARED_TOOLTIP = { maxWidth: 350, distance: 10, zIndex: 9999 } as const;
export const APP_TOOLTIP = { delay: [100, 67] as [number, number], maxWidth: 300, arrow: true } as const;

/** The client version, injected at build time from the root package.json. */
export const CLIENT_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
