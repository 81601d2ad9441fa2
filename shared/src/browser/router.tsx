// The one router of all apps, shared as a Module Federation singleton so remotes see the shell's
// <BrowserRouter>. It is the part of react-router 7's declarative API the apps use (same names and
// behaviour: ranked nested routes, transitions, history state with `idx`), in ~2 KB instead of
// react-router's 13 KB gz (61 KB when shared whole), which the shell's first load cannot afford.
// Paths given to `to` and `navigate` are URLs (absolute, as `paths` builds them), not route-relative.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that led here passed as `state`. */
  state: unknown;
  key: string;
}
export type To = string | { pathname?: string; search?: string; hash?: string };
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** What each history entry carries, as react-router writes it (`idx` counts entries of this visit). */
interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

const historyState = () => window.history.state as Partial<HistoryState> | null;

function currentLocation(): Location {
  const state = historyState();
  return {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    state: state?.usr ?? null,
    key: state?.key ?? 'default',
  };
}

function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return (to.pathname ?? location.pathname) + (to.search ?? '') + (to.hash ?? '');
}

const newKey = () => Math.random().toString(36).slice(2, 10);

const RouterContext = createContext<{ location: Location; navigate: NavigateFunction } | null>(null);

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('used outside <BrowserRouter>');
  return router;
}

/** The shell's one router over the browser's history. Updates render as transitions, so a lazy screen keeps the current one until it has loaded. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(currentLocation);
  useEffect(() => {
    if (historyState()?.idx === undefined)
      window.history.replaceState({ usr: null, key: newKey(), idx: 0 } satisfies HistoryState, '');
    const popped = () => startTransition(() => setCurrent(currentLocation()));
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') return window.history.go(to);
    const url = new URL(hrefOf(to), location.href);
    const idx = (historyState()?.idx ?? 0) + (options.replace ? 0 : 1);
    const entry: HistoryState = { usr: options.state ?? null, key: newKey(), idx };
    window.history[options.replace ? 'replaceState' : 'pushState'](
      entry,
      '',
      url.pathname + url.search + url.hash,
    );
    startTransition(() => setCurrent(currentLocation()));
  }, []);
  const router = useMemo(() => ({ location: current, navigate }), [current, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** A router fixed at one path, for rendering without a browser (the first paint, rendered when an app builds). */
export function StaticRouter({ location: pathname, children }: { location: string; children: ReactNode }) {
  const router = useMemo(
    () => ({
      location: { pathname, search: '', hash: '', state: null, key: 'default' },
      navigate: () => undefined,
    }),
    [pathname],
  );
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** The matched route's params, its parents' included. */
export const useParams = (): Record<string, string | undefined> => useContext(MatchContext).params;

/** The query of the current URL, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { location: current, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(current.search), [current.search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate({ pathname: current.pathname, search: search ? `?${search}` : '' }, options);
    },
    [current.pathname, navigate],
  );
  return [params, setParams];
}

export interface RouteProps {
  /** Relative to the parent route (or absolute with a leading `/`); `:name` is a param, a last `*` matches the rest. */
  path?: string;
  /** Matches the parent's path itself. */
  index?: boolean;
  element: ReactNode;
}

/** Declares a route of the enclosing <Routes>; renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Where the parent route matched: the path segments it left to its children and its params. */
const MatchContext = createContext<{ consumed: string[]; params: Record<string, string> }>({
  consumed: [],
  params: {},
});

/** Renders the element of the best-matching child <Route>. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const parent = useContext(MatchContext);
  const routes = Children.toArray(children).flatMap((child) =>
    isValidElement<RouteProps>(child) ? [child.props] : [],
  );
  const best = bestRoute(routes, parent.consumed, pathname);
  if (!best) return null;
  const params = { ...parent.params, ...best.params };
  return (
    <MatchContext.Provider value={{ consumed: best.consumed, params }}>
      {best.route.element}
    </MatchContext.Provider>
  );
}

/**
 * The route matching `pathname` below the parent's `consumed` segments, ranked as react-router
 * ranks them (static segments over params over `*`, whatever the order); segments match case-insensitively.
 */
export function bestRoute(routes: RouteProps[], parentConsumed: string[], pathname: string) {
  let best: (NonNullable<ReturnType<typeof matchRoute>> & { route: RouteProps }) | undefined;
  for (const route of routes) {
    const match = matchRoute(route, parentConsumed, segmentsOf(pathname));
    if (match && (!best || match.score > best.score)) best = { ...match, route };
  }
  return best;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The params of `pathname` when it matches the absolute `pattern` as a <Route path> would, else null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  return matchRoute({ path: pattern, element: null }, [], segmentsOf(pathname))?.params ?? null;
}

function matchRoute({ path = '', index }: RouteProps, parentConsumed: string[], segments: string[]) {
  const base = path.startsWith('/') ? [] : parentConsumed;
  const pattern = segmentsOf(path);
  const splat = pattern.at(-1) === '*';
  if (splat) pattern.pop();
  if (segments.length < base.length + pattern.length) return null;
  if (!splat && segments.length !== base.length + pattern.length) return null;
  const params: Record<string, string> = {};
  let score = index ? 2 : 0;
  for (const [i, part] of pattern.entries()) {
    const segment = segments[base.length + i]!;
    if (part.startsWith(':')) {
      params[part.slice(1)] = safeDecode(segment);
      score += 3;
    } else if (part.toLowerCase() === segment.toLowerCase()) {
      score += 10;
    } else {
      return null;
    }
  }
  if (splat) score -= 2;
  return { score, params, consumed: segments.slice(0, base.length + pattern.length) };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Navigates when rendered (in an effect, as react-router does). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }): null {
  const navigate = useNavigate();
  const href = hrefOf(to);
  useEffect(() => navigate(href, { replace, state }), [navigate, href, replace, state]);
  return null;
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a navigation in the app. */
  reloadDocument?: boolean;
}

/** An <a> whose plain left click navigates in the app (other clicks keep the browser's behaviour: new tab, download…). */
export function Link({ to, replace, state, reloadDocument, onClick, ...anchor }: LinkProps) {
  const { location: current, navigate } = useRouter();
  const href = hrefOf(to);
  const clicked = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      reloadDocument ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    if (anchor.target && anchor.target !== '_self') return;
    event.preventDefault();
    // Like react-router: a link to where the visitor already is replaces the entry.
    navigate(href, { replace: replace ?? href === current.pathname + current.search + current.hash, state });
  };
  return <a {...anchor} href={href} onClick={clicked} />;
}

/** A Link that says `aria-current="page"` (and has the class `active`) on its page and the pages under it. */
export function NavLink({
  className,
  end = false,
  ...props
}: LinkProps & { /** Active on this path only, not below it. */ end?: boolean }) {
  const { pathname } = useLocation();
  const target = new URL(hrefOf(props.to), location.href).pathname.replace(/\/$/, '');
  const active = pathname === target || (!end && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
