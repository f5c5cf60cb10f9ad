// The lazily loaded pages, one chunk each. A page joins the app by an entry here and a route.
import { lazyPage } from './lazyPage';

export const pages = {
  notFound: lazyPage(() => import(/* webpackChunkName: "exception-404" */ '../pages/exception/NotFoundPage')),
  codeLogin: lazyPage(() => import(/* webpackChunkName: "code-login" */ '../pages/codeLogin/CodeLoginPage')),
};
