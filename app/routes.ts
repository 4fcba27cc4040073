import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  // A new account's first page: how its homepage starts (templates, an import, or empty).
  route('welcome', 'routes/welcome.tsx'),
  route('site/redirect', 'routes/site-redirect.ts'),
  // A forgotten password (spec §2 /forget/input-email): the mail, then the link's page.
  route('forget/input-email', 'routes/forget.input-email.tsx'),
  route('forget/reset-password', 'routes/forget.reset-password.tsx'),
  // The link mailed to a new sign-in address (e-mail change on /user/account).
  route('email/confirm', 'routes/email.confirm.tsx'),
  // Terms of use and privacy, linked from the login dialog.
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  // Social sign-in (spec §2 /oauth/qq, /oauth/weibo, /oauth/github): the start, and the provider's way back.
  route('oauth/:provider', 'routes/oauth.start.tsx'),
  route('oauth/:provider/callback', 'routes/oauth.callback.tsx'),
  route('err', 'routes/err.tsx'),
  // Save from anywhere (issue 25): the bookmarklet's and the share sheet's target, the page that
  // offers the bookmarklet, and the web manifest (installable; its share_target is /share).
  route('share', 'routes/share.tsx'),
  route('plugin', 'routes/plugin.tsx'),
  route('help', 'routes/help.tsx'),
  route('manifest.webmanifest', 'routes/manifest.ts'),
  // The rest of the site (issue 25): the side buttons' AI search, the footer's friend links, change
  // log and sitemap (a page and the XML of search engines, both paged), and the user's uploads.
  route('ai', 'routes/ai.tsx'),
  route('friend-links', 'routes/friend-links.tsx'),
  route('changelog', 'routes/changelog.tsx'),
  route('sitemap.html', 'routes/sitemap.html.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('upload', 'routes/upload.tsx'),
  // The mobile site (spec §2 mobile guard; `/` sends signed-in phones here): the viewer's start
  // page, and a homepage by personal domain. The service worker is /sw.js (server/service-worker.ts).
  route('m', 'routes/mobile.tsx', { id: 'mobile' }),
  route('m/:code', 'routes/mobile.tsx', { id: 'mobile-code' }),
  // The weather popover as a page, with the three-step city selector (works without JavaScript).
  route('weather', 'routes/weather.tsx'),
  // A bookmark's click, counted: the `ping` of the start page's links (click-ping.ts).
  route('c/:id', 'routes/click.ts'),
  // The JSON contract of spec §7, paths as the spec spells them: /api/{group}/{name} is answered
  // by app/routes/api/{group}.{name}.ts (one route: see app/routes/api.ts).
  route('api/*', 'routes/api.ts'),
  // The search-engine box's choice and query history (cookies; a form or a fetcher posts here).
  route('resources/engine', 'routes/resources.engine.ts'),
  // Library icons as SVG for CSS masks: /resources/icons/tabler/star.svg.
  route('resources/icons/:prefix/:file', 'routes/resources.icon.ts'),
  // Static segments rank first, so personal domains never shadow the routes above.
  // The user centre (full width, no footer): static, so it ranks before personal domains. One
  // layout holds the navigation between its pages; the URLs stay as they are.
  route('user', 'routes/user.index.ts'),
  layout('routes/user.tsx', [
    // The account: nickname, avatar, password; and the browsers signed in to it.
    route('user/account', 'routes/user.account.tsx'),
    route('user/online', 'routes/user.online.tsx'),
    route('user/trash', 'routes/user.trash.tsx'),
    route('user/notice', 'routes/user.notice.tsx'),
    // The categories the user shares and follows (one page, two addresses).
    route('user/bag-share', 'routes/user.bag-shares.tsx', { id: 'user-bag-share' }),
    route('user/bag-follow', 'routes/user.bag-shares.tsx', { id: 'user-bag-follow' }),
    route('user/export', 'routes/user.export.tsx'),
    route('user/bookmark-log', 'routes/user.bookmark-log.tsx'),
    route('user/browser-history', 'routes/user.browser-history.tsx'),
    // Account deletion (spec: logoff): re-authenticate, then everything goes (ADR 021).
    route('user/logoff', 'routes/user.logoff.tsx'),
  ]),
  // The export's files (resource routes: no page around them).
  route('user/export/bookmarks.html', 'routes/user.export.bookmarks.ts'),
  route('user/export/data.json', 'routes/user.export.data.ts'),
  // The signed-in user's bookmark search without JavaScript (the Ctrl+K dialog's page).
  route('search', 'routes/search.tsx'),
  // An uploaded bookmark file's preview and import (spec §2 /preview?id=).
  route('preview', 'routes/preview.tsx'),
  // A shared category (spec §2 /collection/{id}).
  route('collection/:bid', 'routes/collection.tsx'),
  // Joining a homepage by invite link (spec §2 /invite).
  route('invite', 'routes/invite.tsx'),
  // The tool box (spec §2 /tool, /tool/{alias}): every tool, and one tool as a form.
  route('tool', 'routes/tool.tsx'),
  route('tool/:alias', 'routes/tool.alias.tsx'),
  // Blog posts and code snippets (spec §2): writing one, and its page.
  route('blog/write', 'routes/blog.write.tsx'),
  route('blog/detail/:id', 'routes/blog.detail.tsx'),
  route('editor/code', 'routes/editor.code.tsx'),
  // Groups (spec §2 /group and its children; full width, no footer): explore and the user's own
  // lists, create or edit, the notices and applications, joining by code, and an invite's landing.
  route('group', 'routes/group.explore.tsx'),
  route('group/create', 'routes/group.create.tsx'),
  route('group/notice', 'routes/group.notice.tsx'),
  route('group/join', 'routes/group.join.tsx'),
  route('group/invite', 'routes/group.invite.tsx'),
  // A group's page (spec §2 /group/{id}/{cid optional}): its card, categories, bookmarks and tabs.
  route('group/:id/:cid?', 'routes/group.detail.tsx'),
  // Discover (spec §2 /discover, full width; issue 25, ADR 034): recommended sites by category,
  // a tag's page, the recommendation form (/s/submit), and the administrators' review page.
  route('discover', 'routes/discover.tsx'),
  route('discover/tag/:tag', 'routes/discover.tsx', { id: 'discover-tag' }),
  route('s/submit', 'routes/s.submit.tsx'),
  route('super', 'routes/super.ts'),
  route('super/index', 'routes/super.index.tsx'),
  route(':code', 'routes/homepage.tsx'),
  // One module of a homepage (spec §2 /{domain}/{id}).
  route(':code/:moduleId', 'routes/module.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
