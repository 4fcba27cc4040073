import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageFollows, homepageMembers, homepages, notes } from '#app/db/schema/index.ts'
import { PostFormSchema, CodeFormSchema } from '#app/schemas/notes.ts'
import { createOwner, createUser, refusalOf as refusal } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { NOTE_CONFLICT_CODE } from './notes.server.ts'
import { deleteSourceForever, restoreSource, togglePrivate, trashSources } from './source.server.ts'
import { saveCode, savePost, WRITING_CONFLICT_MSG, writingOf } from './writings.server.ts'

const db = useTestDb()

const post = (raw: Record<string, unknown>) => PostFormSchema.parse(raw)
const code = (raw: Record<string, unknown>) => CodeFormSchema.parse(raw)


async function openOwner() {
  const owner = await createOwner(db(), ['文章'])
  await db().update(homepages).set({ isOpen: true }).where(eq(homepages.id, owner.homepageId))
  return owner
}

describe('blog posts', () => {
  test('a post is a bookmark of its category with its sanitised text; editing renames it and names a version', async () => {
    const o = await openOwner()
    const id = await savePost(db(), o.user, post({ bid: o.bids[0], title: '第一篇', content: '<h1>开头</h1><p onclick="x()">正文<script>alert(1)</script></p>' }))
    const first = await writingOf(db(), null, id)
    expect(first).toMatchObject({ type: 'post', title: '第一篇', html: '<h2>开头</h2><p>正文</p>', version: 1, bagName: '文章', private: false, may: { edit: false, setPrivate: false } })
    await savePost(db(), o.user, post({ id, title: '改过的', content: '<p>新的</p>', version: 1 }))
    expect(await writingOf(db(), o.user, id)).toMatchObject({ title: '改过的', html: '<p>新的</p>', version: 2, may: { edit: true, setPrivate: true } })
    // Written without JavaScript as text: one paragraph per line, escaped.
    await savePost(db(), o.user, post({ id, title: '改过的', content: '一行 <b>\n二行', format: 'text' }))
    expect((await writingOf(db(), o.user, id)).html).toBe('<p>一行 &lt;b&gt;</p><p>二行</p>')
    const refused = await refusal(savePost(db(), o.user, post({ id, title: '晚了', content: '<p>旧版本上改的</p>', version: 1 })))
    expect([refused.message, refused.code]).toEqual([WRITING_CONFLICT_MSG, NOTE_CONFLICT_CODE])
    expect((await writingOf(db(), o.user, id)).title).toBe('改过的')
  })

  test('managers write and edit posts; members, followers and visitors only read; a private post is its owner’s', async () => {
    const o = await openOwner()
    const [manager, member, follower, visitor] = await Promise.all([0, 1, 2, 3].map(async () => (await createUser(db())).user))
    await db().insert(homepageMembers).values([
      { homepageId: o.homepageId, userId: manager!.id, permission: 'manager' },
      { homepageId: o.homepageId, userId: member!.id, permission: 'member' },
    ])
    await db().insert(homepageFollows).values({ homepageId: o.homepageId, userId: follower!.id })
    const id = await savePost(db(), manager!, post({ bid: o.bids[0], title: '管理员写的', content: '<p>好</p>' }))
    await savePost(db(), manager!, post({ id, title: '管理员改的', content: '<p>好</p>' }))
    for (const user of [member!, follower!, visitor!]) {
      expect((await refusal(savePost(db(), user, post({ bid: o.bids[0], title: '不行', content: '' })))).message).toBe(FORBIDDEN)
      expect((await refusal(savePost(db(), user, post({ id, title: '不行', content: '' })))).message).toBe(FORBIDDEN)
      expect((await refusal(writingOf(db(), user, id, { edit: true }))).message).toBe(FORBIDDEN)
      expect((await writingOf(db(), user, id)).title).toBe('管理员改的')
    }
    await togglePrivate(db(), o.user, id)
    for (const user of [null, manager!, member!, visitor!]) expect((await refusal(writingOf(db(), user, id))).message).toBe(NOT_FOUND)
    expect((await writingOf(db(), o.user, id)).private).toBe(true)
  })

  test('the bookmarks’ trash: a trashed post is not found, restored it is back, deleted for good its text goes', async () => {
    const o = await openOwner()
    const id = await savePost(db(), o.user, post({ bid: o.bids[0], title: '会删的', content: '<p>x</p>' }))
    await trashSources(db(), o.user, [id])
    expect((await refusal(writingOf(db(), o.user, id))).message).toBe(NOT_FOUND)
    await restoreSource(db(), o.user, id)
    expect((await writingOf(db(), o.user, id)).title).toBe('会删的')
    await trashSources(db(), o.user, [id])
    await deleteSourceForever(db(), o.user, id)
    expect(await db().select().from(notes).where(eq(notes.sourceId, id))).toEqual([])
  })
})

describe('code snippets', () => {
  test('highlighted on the server once per save; the code itself is escaped; the language is kept', async () => {
    const o = await openOwner()
    const id = await saveCode(db(), o.user, code({ cid: o.bids[0], title: '例子', language: 'javascript', code: 'const a = "</script><script>alert(1)</script>"' }))
    const snippet = await writingOf(db(), null, id)
    expect(snippet).toMatchObject({ type: 'code', language: 'javascript', content: 'const a = "</script><script>alert(1)</script>"' })
    expect(snippet.html).toMatch(/^<pre class="shiki/)
    expect(snippet.html).not.toContain('<script>')
    expect(snippet.html).toContain('&#x3C;/script>')
    // An unknown language is plain text, still escaped.
    await saveCode(db(), o.user, code({ id, title: '例子', language: 'klingon', code: '<b>x</b>' }))
    expect(await writingOf(db(), o.user, id)).toMatchObject({ language: 'text', version: 2 })
    expect((await writingOf(db(), o.user, id)).html).not.toContain('<b>')
  })
})
