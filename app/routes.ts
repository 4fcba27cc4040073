import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('site/redirect', 'routes/site-redirect.ts'),
  route('err', 'routes/err.tsx'),
  // The weather popover as a page, with the three-step city selector (works without JavaScript).
  route('weather', 'routes/weather.tsx'),
  // The JSON contract of spec §7: paths as the spec spells them.
  ...prefix('api', [
    route('site/init-info', 'routes/api/site.init-info.ts'),
    // Notices (app/services/notices.server.ts); read-notice is our name, the spec shows none.
    route('site/get-user-notice-list', 'routes/api/site.get-user-notice-list.ts'),
    route('site/read-notice', 'routes/api/site.read-notice.ts'),
    route('sign/in', 'routes/api/sign.in.ts'),
    route('sign/check-email', 'routes/api/sign.check-email.ts'),
    route('sign/on', 'routes/api/sign.on.ts'),
    route('sign/out', 'routes/api/sign.out.ts'),
    route('bookmark/icon-category', 'routes/api/bookmark.icon-category.ts'),
    route('bookmark/icon-list', 'routes/api/bookmark.icon-list.ts'),
    route('bookmark/insert-icon-history', 'routes/api/bookmark.insert-icon-history.ts'),
    // Modules, categories (bags), bookmarks (sources) and folder children.
    route('module/get-list', 'routes/api/module.get-list.ts'),
    route('module/detail', 'routes/api/module.detail.ts'),
    route('module/add', 'routes/api/module.add.ts'),
    route('module/sort', 'routes/api/module.sort.ts'),
    route('module/set-default-module', 'routes/api/module.set-default-module.ts'),
    route('module/hard-delete', 'routes/api/module.hard-delete.ts'),
    route('module/change-status', 'routes/api/module.change-status.ts'),
    route('bag/get-list-by-homepage-module', 'routes/api/bag.get-list-by-homepage-module.ts'),
    route('bag/get-create', 'routes/api/bag.get-create.ts'),
    route('bag/info', 'routes/api/bag.info.ts'),
    route('bag/add', 'routes/api/bag.add.ts'),
    route('bag/delete', 'routes/api/bag.delete.ts'),
    route('bag/restore', 'routes/api/bag.restore.ts'),
    route('bag/delete-hard', 'routes/api/bag.delete-hard.ts'),
    route('bag/view-trash-list', 'routes/api/bag.view-trash-list.ts'),
    route('bag/sort', 'routes/api/bag.sort.ts'),
    route('bag/set-formats', 'routes/api/bag.set-formats.ts'),
    route('bag/set-card-config', 'routes/api/bag.set-card-config.ts'),
    route('bag/clear-card-config', 'routes/api/bag.clear-card-config.ts'),
    route('bookmark/list', 'routes/api/bookmark.list.ts'),
    route('bookmark/detail', 'routes/api/bookmark.detail.ts'),
    route('bookmark/star-list', 'routes/api/bookmark.star-list.ts'),
    route('bookmark/switch-sort-method', 'routes/api/bookmark.switch-sort-method.ts'),
    route('source/remember-selected', 'routes/api/source.remember-selected.ts'),
    route('bag/get-operate-remember', 'routes/api/bag.get-operate-remember.ts'),
    route('bookmark/mark-star', 'routes/api/bookmark.mark-star.ts'),
    route('bookmark/create-base', 'routes/api/bookmark.create-base.ts'),
    route('bookmark/rename', 'routes/api/bookmark.rename.ts'),
    route('bookmark/change-private', 'routes/api/bookmark.change-private.ts'),
    route('bookmark/add-folder', 'routes/api/bookmark.add-folder.ts'),
    route('bookmark/add-divider', 'routes/api/bookmark.add-divider.ts'),
    route('source/add', 'routes/api/source.add.ts'),
    route('source/delete', 'routes/api/source.delete.ts'),
    route('source/restore', 'routes/api/source.restore.ts'),
    route('source/delete-hard', 'routes/api/source.delete-hard.ts'),
    route('source/click', 'routes/api/source.click.ts'),
    route('children/list', 'routes/api/children.list.ts'),
    // Ordering, moving and copying (app/services/source-move.server.ts, ordering.server.ts).
    route('bookmark/sort', 'routes/api/bookmark.sort.ts'),
    route('source/sort', 'routes/api/source.sort.ts'),
    route('source/operation', 'routes/api/source.operation.ts'),
    route('children/sort', 'routes/api/children.sort.ts'),
    route('children/move', 'routes/api/children.move.ts'),
    route('children/choose', 'routes/api/children.choose.ts'),
    route('bag/sort-multiple', 'routes/api/bag.sort-multiple.ts'),
    // Other sites' names and icons (fetched safely), and uploads.
    route('source/get-web-content', 'routes/api/source.get-web-content.ts'),
    route('source/crawler-remote-icon', 'routes/api/source.crawler-remote-icon.ts'),
    route('upload', 'routes/api/upload.ts'),
    route('upload/index', 'routes/api/upload.index.ts'),
    // Many homepages (app/services/homepages.server.ts).
    route('homepage/get-detail', 'routes/api/homepage.get-detail.ts'),
    route('homepage/get-create-list', 'routes/api/homepage.get-create-list.ts'),
    route('homepage/view-user-create', 'routes/api/homepage.view-user-create.ts'),
    route('homepage/get-trash-list', 'routes/api/homepage.get-trash-list.ts'),
    route('homepage/get-join-list', 'routes/api/homepage.get-join-list.ts'),
    route('homepage/get-user-follow', 'routes/api/homepage.get-user-follow.ts'),
    route('homepage/add', 'routes/api/homepage.add.ts'),
    route('homepage/set-open-status', 'routes/api/homepage.set-open-status.ts'),
    route('homepage/set-default', 'routes/api/homepage.set-default.ts'),
    route('homepage/set-top', 'routes/api/homepage.set-top.ts'),
    route('homepage/simple-usually', 'routes/api/homepage.simple-usually.ts'),
    route('homepage/delete', 'routes/api/homepage.delete.ts'),
    route('homepage/restore', 'routes/api/homepage.restore.ts'),
    route('homepage/hard-delete', 'routes/api/homepage.hard-delete.ts'),
    // Followers, invite links, members and managers (follows.server.ts, members.server.ts).
    route('homepage/follow', 'routes/api/homepage.follow.ts'),
    route('homepage/recommend-list', 'routes/api/homepage.recommend-list.ts'),
    route('homepage/member-list', 'routes/api/homepage.member-list.ts'),
    route('homepage/invite-code', 'routes/api/homepage.invite-code.ts'),
    route('homepage/reset-code', 'routes/api/homepage.reset-code.ts'),
    route('homepage/invite-detail', 'routes/api/homepage.invite-detail.ts'),
    route('homepage/join-homepage', 'routes/api/homepage.join-homepage.ts'),
    route('homepage/remove-member', 'routes/api/homepage.remove-member.ts'),
    route('homepage/set-manager', 'routes/api/homepage.set-manager.ts'),
    route('homepage/remove-manager', 'routes/api/homepage.remove-manager.ts'),
    route('homepage/change-permission', 'routes/api/homepage.change-permission.ts'),
    // Module share (app/services/module-share.server.ts).
    route('module/share', 'routes/api/module.share.ts'),
    route('module/save-share-params', 'routes/api/module.save-share-params.ts'),
    route('module/open-list', 'routes/api/module.open-list.ts'),
    // Category share (app/services/category-share.server.ts).
    route('bag/share', 'routes/api/bag.share.ts'),
    route('bag/share-list', 'routes/api/bag.share-list.ts'),
    route('bag/follow', 'routes/api/bag.follow.ts'),
    // A homepage's layout and settings (app/services/homepage-settings.server.ts).
    route('homepage/save-info', 'routes/api/homepage.save-info.ts'),
    route('homepage/set-layout', 'routes/api/homepage.set-layout.ts'),
    route('homepage/set-config', 'routes/api/homepage.set-config.ts'),
    route('homepage/set-pop-visible', 'routes/api/homepage.set-pop-visible.ts'),
    route('module/save-max-column', 'routes/api/module.save-max-column.ts'),
    // Star list order, link reports, module templates (source.server.ts, reports.server.ts, module-templates.server.ts).
    route('bookmark/like-sort', 'routes/api/bookmark.like-sort.ts'),
    route('source/feedback', 'routes/api/source.feedback.ts'),
    route('module/get-template-menu', 'routes/api/module.get-template-menu.ts'),
    route('module/choose-template', 'routes/api/module.choose-template.ts'),
    // Browser bookmark files: upload, preview, import, history (app/services/imports.server.ts).
    route('import/upload', 'routes/api/import.upload.ts'),
    route('import/folder', 'routes/api/import.folder.ts'),
    route('import/link', 'routes/api/import.link.ts'),
    route('import/view-history', 'routes/api/import.view-history.ts'),
    route('import/delete', 'routes/api/import.delete.ts'),
    route('import/delete-folder', 'routes/api/import.delete-folder.ts'),
    route('import/undo', 'routes/api/import.undo.ts'),
    route('source/import', 'routes/api/source.import.ts'),
    // Weather (app/services/weather.server.ts, provider in app/weather/).
    route('weather/get-city-option', 'routes/api/weather.get-city-option.ts'),
    route('weather/save-city', 'routes/api/weather.save-city.ts'),
    route('weather/get-info', 'routes/api/weather.get-info.ts'),
    // The header's menu and the tool box (app/utils/nav-bar.ts, app/tools/registry.ts).
    route('site/nav-bar', 'routes/api/site.nav-bar.ts'),
    route('site/tool-list', 'routes/api/site.tool-list.ts'),
    // The viewer's own settings: shortcut keys (per user), a guest's layout (cookie).
    route('site/save-keymap', 'routes/api/site.save-keymap.ts'),
    route('site/set-guest-config', 'routes/api/site.set-guest-config.ts'),
    // Ctrl+K bookmark search and its history (app/services/search.server.ts).
    route('search/bookmark', 'routes/api/search.bookmark.ts'),
    route('search/history', 'routes/api/search.history.ts'),
    route('search/add-history', 'routes/api/search.add-history.ts'),
    route('search/clear-history', 'routes/api/search.clear-history.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
  // The search-engine box's choice and query history (cookies; a form or a fetcher posts here).
  route('resources/engine', 'routes/resources.engine.ts'),
  // Library icons as SVG for CSS masks: /resources/icons/tabler/star.svg.
  route('resources/icons/:prefix/:file', 'routes/resources.icon.ts'),
  // Static segments rank first, so personal domains never shadow the routes above.
  // The user centre (full width, no footer): static, so it ranks before personal domains. One
  // layout holds the navigation between its pages; the URLs stay as they are.
  layout('routes/user.tsx', [
    route('user/trash', 'routes/user.trash.tsx'),
    route('user/notice', 'routes/user.notice.tsx'),
    // The categories the user shares and follows (one page, two addresses).
    route('user/bag-share', 'routes/user.bag-shares.tsx', { id: 'user-bag-share' }),
    route('user/bag-follow', 'routes/user.bag-shares.tsx', { id: 'user-bag-follow' }),
    route('user/export', 'routes/user.export.tsx'),
    route('user/bookmark-log', 'routes/user.bookmark-log.tsx'),
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
  route(':code', 'routes/homepage.tsx'),
  // One module of a homepage (spec §2 /{domain}/{id}).
  route(':code/:moduleId', 'routes/module.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
