import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { rememberSelection } from '#app/services/preferences.server.ts'
import { SORT_SAVED_MSG } from '#app/services/source-move.server.ts'
import { DELETED_MSG, moveSourceStep, transferSources, trashSources } from '#app/services/source.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/** What the batch manage dialog's buttons do (components/manage/batch-manager.tsx). */

export const NOTHING_SELECTED_MSG = '请先选择书签'
export const NO_TARGET_MSG = '请选择目标分类'
export const DONE_MSG = '操作成功！'

type Reply = {
  done: (msg: string, to?: string) => Response
  failed: (error: unknown, to?: string) => Response
  /** The dialog's own address: every answer keeps it open. */
  stay: string
}

const positive = (value: FormDataEntryValue | null) => {
  const text = typeof value === 'string' ? value.trim() : ''
  return /^\d{1,10}$/.test(text) && Number(text) > 0 && Number(text) <= 2_147_483_647 ? Number(text) : undefined
}

/** `bid` or `bid:folderId` of the target select. */
function parseTarget(value: FormDataEntryValue | null) {
  const match = typeof value === 'string' ? /^(\d{1,10})(?::(\d{1,10}))?$/.exec(value) : null
  if (!match) throw new DomainError(NO_TARGET_MSG)
  return { bid: Number(match[1]), parentId: match[2] ? Number(match[2]) : null }
}

/** 上移 / 下移 / 移到 of one row; `positions` (Enter in a position field) takes the first one filled. */
function parseStep(op: string, formData: FormData) {
  if (op === 'positions') {
    for (const [name, value] of formData) {
      const id = /^position-(\d{1,10})$/.exec(name)?.[1]
      const position = positive(value)
      if (id && position) return { id: Number(id), step: { position } }
    }
    throw new DomainError('请填写要移到的位置')
  }
  const match = /^(up|down|position):(\d{1,10})$/.exec(op)
  if (!match) return null
  const id = Number(match[2])
  if (match[1] === 'position') {
    const position = positive(formData.get(`position-${id}`))
    if (!position) throw new DomainError('请填写要移到的位置')
    return { id, step: { position } }
  }
  return { id, step: match[1] as 'up' | 'down' }
}

export async function batchAction(db: Db, user: User, formData: FormData, { done, failed, stay }: Reply) {
  // After an action the table starts unchecked again, whatever 全选 had done.
  const back = new URL(stay, 'http://localhost')
  back.searchParams.delete('all')
  const to = `${back.pathname}${back.search}`
  const op = String(formData.get('op') ?? '')
  const ids = [...new Set(formData.getAll('ids').map(positive))].filter((id): id is number => id !== undefined).slice(0, 1000)
  try {
    if (op === 'delete' || op === 'move' || op === 'copy') {
      if (!ids.length) throw new DomainError(NOTHING_SELECTED_MSG)
      if (op === 'delete') {
        await trashSources(db, user, ids)
        return done(DELETED_MSG, to)
      }
      const target = parseTarget(formData.get('target'))
      const key = String(formData.get('key') ?? '').slice(0, 64) || undefined
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

/** The choose dialog's 复制到文件夹 / 移动到文件夹: the checked links go into folder `id`. */
export async function chooseAction(db: Db, user: User, formData: FormData, { done, failed, stay }: Reply) {
  const op = String(formData.get('op') ?? '')
  const folderId = positive(formData.get('id'))
  const ids = [...new Set(formData.getAll('ids').map(positive))].filter((id): id is number => id !== undefined).slice(0, 1000)
  try {
    if (op !== 'copy' && op !== 'move') throw new DomainError('请选择要执行的操作')
    if (!folderId) throw new DomainError('文件夹不存在或已被删除')
    if (!ids.length) throw new DomainError(NOTHING_SELECTED_MSG)
    const key = String(formData.get('key') ?? '').slice(0, 64) || undefined
    const { count } = await transferSources(db, user, { ids, type: op, parentId: folderId, key })
    return done(count ? `已${op === 'copy' ? '复制' : '移动'} ${count} 个链接到文件夹` : DONE_MSG, stay)
  } catch (error) {
    return failed(error, stay)
  }
}
