import { randomUUID } from 'node:crypto'
import { idOf } from '#app/schemas/ids.ts'
import { bagOn, folderIn, foldersOf, moveTargets } from '#app/services/homepage-objects.server.ts'
import { bookmarkSortOf } from '#app/schemas/sort.ts'
import { rememberedSelection, rememberSelection } from '#app/services/preferences.server.ts'
import type { Step } from '#app/services/ordering.server.ts'
import { SORT_SAVED_MSG } from '#app/services/source-move.server.ts'
import { listSources, moveSourceStep, transferSources, trashSources } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { dialog, DONE_MSG, family, type FormEdge, guestDialog } from './family.server.ts'

/** The batch manage dialog of a category or folder (delete, move, copy, reorder) and batch open. */

export const NOTHING_SELECTED_MSG = '请先选择书签'
export const NO_TARGET_MSG = '请选择目标分类'
const POSITION_MSG = '请填写要移到的位置'

/** A category and a folder hold at most 100 bookmarks, plus dividers: one table shows them all. */
const BATCH_ROWS = 500

/** The checked rows of a table (`ids`), each once, at most 1000. */
export function checkedIds(formData: FormData) {
  const ids = formData.getAll('ids').map(idOf)
  return [...new Set(ids)].filter((id): id is number => id !== undefined).slice(0, 1000)
}

/** `bid` or `bid:folderId` of the target select. */
function parseTarget(value: FormDataEntryValue | null) {
  const [bid, folder, ...rest] = typeof value === 'string' ? value.split(':') : []
  const target = { bid: idOf(bid), parentId: folder === undefined ? null : (idOf(folder) ?? 0) }
  if (!target.bid || target.parentId === 0 || rest.length) throw new DomainError(NO_TARGET_MSG)
  return { bid: target.bid, parentId: target.parentId }
}

/** 上移 / 下移 / 移到 of one row (`op=up:<id>`); `positions` (Enter in a position field) takes the first one filled. */
function parseStep(op: string, formData: FormData): { id: number; step: Step } | null {
  if (op === 'positions') {
    for (const [name, value] of formData) {
      const id = name.startsWith('position-') ? idOf(name.slice('position-'.length)) : undefined
      const position = idOf(value)
      if (id && position) return { id, step: { position } }
    }
    throw new DomainError(POSITION_MSG)
  }
  const [kind, rawId] = op.split(':')
  const id = idOf(rawId)
  if (!id) return null
  if (kind === 'up' || kind === 'down') return { id, step: kind }
  if (kind !== 'position') return null
  const position = idOf(formData.get(`position-${id}`))
  if (!position) throw new DomainError(POSITION_MSG)
  return { id, step: { position } }
}

async function batch({ db, user, formData, stay, done, failed }: FormEdge) {
  // After an action the table starts unchecked again, whatever 全选 had done.
  const back = new URL(stay, 'http://localhost')
  back.searchParams.delete('all')
  const to = `${back.pathname}${back.search}`
  const op = String(formData.get('op') ?? '')
  const ids = checkedIds(formData)
  try {
    if (op === 'delete' || op === 'move' || op === 'copy') {
      if (!ids.length) throw new DomainError(NOTHING_SELECTED_MSG)
      if (op === 'delete') return done((await trashSources(db, user, ids)).msg, to)
      const target = parseTarget(formData.get('target'))
      const key = String(formData.get('key') ?? '') || undefined
      await transferSources(db, user, { ids, type: op, bid: target.bid, parentId: target.parentId, key })
      // The next selector opens on this category; a memory is not worth failing the move for.
      await rememberSelection(db, user, target.bid).catch(() => {})
      return done(DONE_MSG, to)
    }
    const step = parseStep(op, formData)
    if (!step) throw new DomainError('请选择要执行的操作')
    await moveSourceStep(db, user, step.id, step.step)
    return done(SORT_SAVED_MSG, to)
  } catch (error) {
    return failed(error, to)
  }
}

export const batchFamily = family({
  dialogs: {
    batch: dialog<'batch'>({
      capability: 'edit-children',
      keepsOpen: true,
      load: async ({ db, user, resolved, id, text, url }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        const folder = await folderIn(db, user, resolved.homepage.id, bag.id, id('parentLinkId'))
        const sort = bookmarkSortOf(user)
        const q = text('q', 20)
        const [{ list }, targets, remembered] = await Promise.all([
          listSources(db, user, { bid: bag.id, parentId: folder?.id, page: 1, size: BATCH_ROWS, sort }),
          moveTargets(db, user, q),
          rememberedSelection(db, user),
        ])
        return {
          dialog: 'batch',
          bid: bag.id,
          bagName: bag.name,
          folder: folder && { id: folder.id, name: folder.name },
          rows: list.map(({ id, type, name, url, icon, clickAmount, clickTime }) => ({ id, type, name, url, icon, clickAmount, clickTime })),
          allChecked: url.searchParams.get('all') === '1',
          sort,
          targets,
          q,
          // The selector opens on the category last moved or copied to (spec §4 "Selector start-up").
          target: remembered && remembered.bid !== bag.id && targets.some((t) => t.bid === remembered.bid) ? String(remembered.bid) : '',
          folders: folder ? [] : await foldersOf(db, user, bag.id),
          key: randomUUID(),
        }
      },
    }),
    // The links of a category's top level, for anyone who sees the homepage (masked ones left out).
    'batch-open': guestDialog<'batch-open'>({
      capability: 'view',
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        const { list } = await listSources(db, user, { bid: bag.id, page: 1, size: BATCH_ROWS, sort: bookmarkSortOf(user) })
        const links = list.flatMap((s) => (s.type === 'link' && s.url ? [{ id: s.id, name: s.name, url: s.url }] : []))
        return { dialog: 'batch-open', bagName: bag.name, links }
      },
    }),
  },
  intents: {
    batch: { dialog: 'batch', handle: batch },
  },
})
