// The one router every app uses, shared as a Module Federation singleton in place of the whole
// react-router package: a shared package cannot be tree-shaken (any remote may use any export),
// but this module names the few parts the apps use, so the shell's first load carries only those.
// Apps import routing from here, never from 'react-router' (lint), so they all see the shell's router.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
