// What the federation shares under the name `react-router-dom`: the router exports the apps use, and nothing
// else. A shared module is never tree-shaken (a remote may use any export), and the whole of react-router 7 is
// ~50 kB compressed on the first load; this list keeps only what is imported. A unit test fails when an app
// imports a react-router-dom export missing here (it would be undefined at run time). RouterProvider is
// react-router's own: react-router-dom's only adds flushSync, which no navigation here asks for.
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
