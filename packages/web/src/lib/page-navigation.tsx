import { createContext, use, type AnchorHTMLAttributes, type Ref } from 'react';

export interface PageNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * Navigation for a page that is shown both inside the router and without it: /login, the first
 * page of nearly every session, is also rendered by the light public app (`app/public-app.tsx`),
 * which does not load React Router. The route (`app/routes/login-route.tsx`) or the public app
 * provides it.
 */
export interface PageNavigation {
  /** The state the current location was opened with (React Router's `location.state`). */
  state: unknown;
  navigate: (to: string, options?: PageNavigateOptions) => void | Promise<void>;
}

export const PageNavigationContext = createContext<PageNavigation | null>(null);

export function usePageNavigation(): PageNavigation {
  const navigation = use(PageNavigationContext);
  if (!navigation) throw new Error('usePageNavigation outside a PageNavigationContext');
  return navigation;
}

type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link that navigates in the page like React Router's `Link` (a modified or middle click opens as usual). */
export function PageLink({ to, onClick, ref, ...props }: PageLinkProps) {
  const { navigate } = usePageNavigation();
  return (
    <a
      {...props}
      ref={ref}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          (props.target && props.target !== '_self') ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey
        )
          return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
