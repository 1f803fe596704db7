declare global {
  interface Window {
    /** Global API setting (spec §7). Empty or missing means the same origin as the page. */
    __ZP_API_BASE__?: string;
  }
}

/** The API base URL without a trailing slash; '' means same origin. */
export function apiBase(): string {
  const base = typeof window === 'undefined' ? '' : (window.__ZP_API_BASE__ ?? '');
  return base.replace(/\/+$/, '');
}

export {};
