// What the federation shares under the name `react-router-dom`: the router exports the apps use, and nothing
// else. A shared module is never tree-shaken (a remote may use any export), and the whole of react-router 7 is
// ~50 kB compressed on the first load; this list keeps only what is imported. A unit test fails when an app
// imports a react-router-dom export missing here (it would be undefined at run time). The apps route with
// `BrowserRouter` + `useRoutes`, not the data router (createBrowserRouter), which alone doubles the router's weight.
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
