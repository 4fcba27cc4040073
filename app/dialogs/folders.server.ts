import { randomUUID } from 'node:crypto'
import { CHOOSE_PAGE_SIZE } from '#app/schemas/batch.ts'
import { idOf } from '#app/schemas/ids.ts'
import { categoryOptions, sourceOn } from '#app/services/homepage-objects.server.ts'
import { FOLDER_GONE } from '#app/services/source-move.server.ts'
import { folderChildren, listSources, transferSources } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { dialog, DONE_MSG, family, type FormEdge } from './family.server.ts'
import { checkedIds, NOTHING_SELECTED_MSG } from './batch.server.ts'

/** A folder's children manager, and choosing links from a category into a folder. The editors'. */

export const foldersFamily = family({
  dialogs: {
    children: dialog<'children'>({
      capability: 'edit-children',
      keepsOpen: true,
      load: async ({ db, user, resolved, id, text }) => {
        const folder = await sourceOn(db, user, resolved.homepage.id, id('id'), ['folder'])
        const { list } = await folderChildren(db, user, folder.id)
        // A folder holds at most 100: searching its names and addresses in memory is enough.
        const wd = text('wd', 100)
        const needle = wd.toLowerCase()
        const found = needle ? list.filter((s) => s.name.toLowerCase().includes(needle) || (s.url ?? '').toLowerCase().includes(needle)) : list
        return {
          dialog: 'children',
          folder: { id: folder.id, name: folder.name, bid: folder.bid },
          wd,
          total: list.length,
          list: found.map((s) => ({ id: s.id, type: s.type, name: s.name, url: s.url, private: s.private, liked: s.liked })),
        }
      },
    }),
    choose: dialog<'choose'>({
      capability: 'edit-children',
      keepsOpen: true,
      load: async ({ db, user, resolved, id, page: pageParam }) => {
        const folder = await sourceOn(db, user, resolved.homepage.id, id('id'), ['folder'])
        const categories = await categoryOptions(db, user, resolved.homepage.id)
        const asked = id('bid')
        const bid = categories.some((c) => c.bid === asked) ? asked! : folder.bid
        const wanted = pageParam()
        const list = (page: number) => listSources(db, user, { bid, page, size: CHOOSE_PAGE_SIZE, sort: 'custom', types: ['link'] })
        let page = await list(wanted)
        // A page past the end (a stale link, or after moving the last ones away) shows the last one.
        const last = Math.max(1, Math.ceil(page.total / CHOOSE_PAGE_SIZE))
        if (wanted > last) page = await list(last)
        return {
          dialog: 'choose',
          folder: { id: folder.id, name: folder.name },
          bid,
          bagName: categories.find((c) => c.bid === bid)?.name ?? '',
          links: page.list.map((s) => ({ id: s.id, name: s.name, host: s.host })),
          page: page.page,
          total: page.total,
          categories,
          key: randomUUID(),
        }
      },
    }),
  },
  intents: {
    // 复制到文件夹 / 移动到文件夹: the checked links go into folder `id`.
    choose: { handle: choose },
  },
})

async function choose({ db, user, formData, stay, done, failed }: FormEdge) {
  const op = String(formData.get('op') ?? '')
  const folderId = idOf(formData.get('id'))
  const ids = checkedIds(formData)
  try {
    if (op !== 'copy' && op !== 'move') throw new DomainError('请选择要执行的操作')
    if (!folderId) throw new DomainError(FOLDER_GONE)
    if (!ids.length) throw new DomainError(NOTHING_SELECTED_MSG)
    const key = String(formData.get('key') ?? '') || undefined
    const { count } = await transferSources(db, user, { ids, type: op, parentId: folderId, key })
    return done(count ? `已${op === 'copy' ? '复制' : '移动'} ${count} 个链接到文件夹` : DONE_MSG, stay)
  } catch (error) {
    return failed(error, stay)
  }
}
