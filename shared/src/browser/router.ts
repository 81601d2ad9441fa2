/**
 * react-router (v7), as the apps use it: its declarative API, shared as one Module Federation
 * singleton so every remote sees the shell's <BrowserRouter>. The apps import these names from
 * here, never from 'react-router' itself (a lint rule): a remote importing react-router directly
 * would bundle a second copy whose contexts the shell's router does not fill. Sharing this module
 * instead of the whole package also keeps the first load small: the build keeps only what is
 * re-exported here (react-router shared whole added 58 KB gz to the start page; see
 * docs/benchmarks.md). A name an app needs is added here.
 */
export {
  BrowserRouter,
  createRoutesFromChildren,
  matchPath,
  matchRoutes,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavigateOptions, To } from 'react-router';
// <Link> and <NavLink> without framework mode's prefetching (see there).
export { Link, NavLink, type LinkProps, type NavLinkProps } from './router-links.js';
