// The lazily loaded pages, one chunk each. A page joins the app by an entry here and a route.
import { lazyPage } from './lazyPage';

export const pages = {
  notFound: lazyPage(() => import(/* webpackChunkName: "exception-404" */ '../pages/exception/NotFoundPage')),
  codeLogin: lazyPage(() => import(/* webpackChunkName: "code-login" */ '../pages/codeLogin/CodeLoginPage')),
  userLayout: lazyPage(() => import(/* webpackChunkName: "user-layout" */ '../layouts/UserLayout')),
  login: lazyPage(() => import(/* webpackChunkName: "user-login" */ '../pages/user/LoginPage')),
  register: lazyPage(() => import(/* webpackChunkName: "user-register" */ '../pages/user/RegisterPage')),
  registerResult: lazyPage(
    () => import(/* webpackChunkName: "user-register-result" */ '../pages/user/RegisterResultPage'),
  ),
  alteration: lazyPage(
    () => import(/* webpackChunkName: "user-alteration" */ '../pages/user/AlterationPage'),
  ),
  potentialPartners: lazyPage(
    () =>
      import(/* webpackChunkName: "potential-partners" */ '../pages/business/customer/PotentialPartnersPage'),
  ),
  visitReport: lazyPage(
    () => import(/* webpackChunkName: "dms-visit-report" */ '../pages/business/visit/VisitReportPage'),
  ),
  testHome: lazyPage(() => import(/* webpackChunkName: "test-home" */ '../pages/test/MicroFrontendPage')),
};
