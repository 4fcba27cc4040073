import { index, prefix, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('site/redirect', 'routes/site-redirect.ts'),
  route('err', 'routes/err.tsx'),
  // The JSON contract of spec §7: paths as the spec spells them.
  ...prefix('api', [
    route('site/init-info', 'routes/api/site.init-info.ts'),
    route('sign/in', 'routes/api/sign.in.ts'),
    route('sign/check-email', 'routes/api/sign.check-email.ts'),
    route('sign/on', 'routes/api/sign.on.ts'),
    route('sign/out', 'routes/api/sign.out.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
  // Static segments rank first, so personal domains never shadow the routes above.
  route(':code', 'routes/homepage.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
