import { expect, test } from 'vitest'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { notify } from './notices.server.ts'
import { seedDemo } from './seed.server.ts'
import { initInfo } from './site.server.ts'

const db = useTestDb((db) => seedDemo(db, 'demo-password'))

/** Spec §3 "Init info": the start-up response has exactly these fields. */
const INIT_INFO_FIELDS = [
  'nickname', 'userId', 'avatar', 'txcOpenId', 'domain', 'joinTime', 'searchKeymap', 'noteKeymap', 'logoff',
  'userStatus', 'staticHost', 'bindWx', 'homepageId', 'noticeAmount', 'isGuest', 'homepageSkin', 'homepageInfo',
  'historyVisible', 'bookmarkSourceSort', 'homepageLayout', 'pageWidthType',
]

test('a guest gets the spec fields and the official demo homepage', async () => {
  const info = await initInfo(db(), null, {})
  expect(Object.keys(info).sort()).toEqual([...INIT_INFO_FIELDS].sort())
  expect(info).toMatchObject({ isGuest: true, userId: 0, domain: 'demo', searchKeymap: 'k', noteKeymap: 'b', pageWidthType: 'default' })
  expect(info.homepageInfo).toMatchObject({ code: 'demo', isOwn: false, isOpen: true, memberRole: 'visitor' })
  expect(info.homepageLayout).toMatchObject({ bookmarkOpenNewTab: true, rootFontSize: 16, sidebarPosition: 'right' })
})

test('a signed-in user gets their own homepage and account fields', async () => {
  const { user } = await createUser(db(), { nickname: '阿强' })
  const info = await initInfo(db(), user, { pageWidthType: 'max-1' })
  expect(info).toMatchObject({ isGuest: false, userId: user.id, nickname: '阿强', homepageId: user.currentHomepageId, pageWidthType: 'max-1' })
  expect(info.joinTime).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect(info.homepageInfo).toMatchObject({ isOwn: true, name: '阿强的主页' })
  expect(info.noticeAmount).toBe(0)
})

test('noticeAmount counts the user’s unread notices', async () => {
  const { user } = await createUser(db())
  await notify(db(), { userId: user.id, kind: 'system', title: '一' })
  await notify(db(), { userId: user.id, kind: 'system', title: '二' })
  expect((await initInfo(db(), user, {})).noticeAmount).toBe(2)
  expect((await initInfo(db(), null, {})).noticeAmount).toBe(0)
})

test('an unknown domain fails, and an unknown page width falls back', async () => {
  await expect(initInfo(db(), null, { domain: 'no-such-page' })).rejects.toThrow('当前页面不存在或已被删除')
  expect((await initInfo(db(), null, { pageWidthType: '<script>' })).pageWidthType).toBe('default')
})
