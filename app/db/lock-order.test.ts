import { describe, expect, test } from 'vitest'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { saveBag } from '#app/services/bag.server.ts'
import { updateLayout } from '#app/services/homepage-settings.server.ts'
import {
  createHomepage,
  restoreHomepage,
  setDefaultHomepage,
  switchHomepage,
  toggleHomepageOpen,
  toggleHomepagePin,
  trashHomepage,
  updateHomepage,
} from '#app/services/homepages.server.ts'
import { setBookmarkSort } from '#app/services/preferences.server.ts'
import { recordClick, saveLink } from '#app/services/source.server.ts'
import { changeNickname } from '#app/services/user-account.server.ts'
import { createOwner } from '#tests/db-utils.ts'
import { serverUrl, useTestDb } from '#tests/setup/test-db.ts'

/**
 * One user's writes at once, on the PostgreSQL server (PGlite has one connection: nothing runs at
 * once there). Each kind below locks the user's row and a homepage's row, in the order its
 * service and the page versions' triggers take them (ADR 029): a bookmark, a category, a setting,
 * a title, the default, a pin, a new homepage, the trash, the nickname, a click on a bookmark
 * being edited. Before ADR 029 some of them died with "deadlock detected" (40P01): the triggers
 * locked a homepage, then its owner, while other writes locked the owner, then a homepage (and a
 * click locked its bookmark, then the homepage, while an edit of it held the homepage).
 */
const db = useTestDb()
const ROUNDS = 6
const icon = 'tabler:home'

describe.runIf(serverUrl)('one user’s concurrent writes on PostgreSQL', () => {
  test('all succeed: no deadlock between the user’s row and the homepages’ rows', async () => {
    const { user, homepageId, moduleId, bids } = await createOwner(db(), ['甲', '乙', '丙'])
    const second = await createHomepage(db(), user, HomepageSchema.parse({ title: '第二', icon, code: `lock-${user.id}` }))
    const trashable = await createHomepage(db(), user, HomepageSchema.parse({ title: '回收', icon }))
    const first = await saveLink(db(), user, { bid: bids[0]!, name: '点击', url: 'https://example.com/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })
    const link = (bid: number, name: string) => saveLink(db(), user, { bid, name, url: `https://example.com/${name}`, note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })

    const failures: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const writes: Promise<unknown>[] = [
        ...bids.map((bid, i) => link(bid, `r${round}-${i}`)),
        saveBag(db(), user, { moduleId, name: `新${round}`, icon: 'tabler:tool' }),
        updateLayout(db(), user, homepageId, { websiteBookmarkColumn: 3 + (round % 4) }),
        updateLayout(db(), user, second.id, { websiteBookmarkColumn: 3 + (round % 4) }),
        updateHomepage(db(), user, { ...HomepageSchema.parse({ title: `第二${round}`, icon, code: second.code! }), homepageId: second.id }),
        setDefaultHomepage(db(), user, round % 2 ? second.id : homepageId),
        toggleHomepagePin(db(), user, second.id),
        toggleHomepageOpen(db(), user, second.id),
        switchHomepage(db(), user, round % 2 ? homepageId : second.id),
        createHomepage(db(), user, HomepageSchema.parse({ title: `新主页${round}`, icon })),
        round % 2 ? restoreHomepage(db(), user, trashable.id) : trashHomepage(db(), user, trashable.id),
        changeNickname(db(), user, `并发${round}`),
        setBookmarkSort(db(), user, round % 2 ? 'newest' : 'custom'),
        recordClick(db(), user, first.id),
        saveLink(db(), user, { id: first.id, bid: bids[0]!, name: `点击${round}`, url: 'https://example.com/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' }),
      ]
      for (const result of await Promise.allSettled(writes)) {
        if (result.status === 'rejected') failures.push(String(result.reason?.cause ?? result.reason))
      }
    }
    expect(failures).toEqual([])
  })
})
