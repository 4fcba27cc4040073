import { and, asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageMembers, sources } from '#app/db/schema/index.ts'
import { createOwner } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NOT_FOUND } from './access.server.ts'
import { ROLES } from '#app/auth/permissions.ts'
import { moveSource, saveFolder, saveLink, sourceDetail, togglePrivate, transferSources } from './source.server.ts'
import { PRIVATE_STAYS_MSG as PRIVATE_STAYS, privacyAfterWrite, PUBLIC } from './source-privacy.server.ts'

const db = useTestDb()

const link = (bid: number, name: string, extra: Partial<Parameters<typeof saveLink>[2]> = {}) =>
  ({ bid, name, url: `https://example.com/${encodeURIComponent(name)}`, note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '', ...extra })

/** The owner's homepage (categories a, b) with a manager and a member; the manager owns a homepage too. */
async function world() {
  const owner = await createOwner(db(), ['甲类', '乙类'])
  const manager = await createOwner(db(), ['管理员的'])
  const member = await createOwner(db(), ['成员的'])
  await db()
    .insert(homepageMembers)
    .values([
      { homepageId: owner.homepageId, userId: manager.user.id, permission: 'manager' },
      { homepageId: owner.homepageId, userId: member.user.id, permission: 'member' },
    ])
  return { owner: owner.user, homepageId: owner.homepageId, a: owner.bids[0]!, b: owner.bids[1]!, manager: manager.user, managerBid: manager.bids[0]!, member: member.user }
}

/** What privacy and place a bookmark has, straight from the table. */
async function row(id: number) {
  const [r] = await db()
    .select({ name: sources.name, isPrivate: sources.isPrivate, privateRemark: sources.privateRemark, homepageId: sources.homepageId, bagId: sources.bagId })
    .from(sources)
    .where(eq(sources.id, id))
  return r!
}

describe('privacy belongs to the owner', () => {
  test('the rule: the owner gets what they ask; everyone else keeps what the bookmark had, and adds public ones', () => {
    const secret = { isPrivate: true, privateRemark: '自己看' }
    const stale = { isPrivate: false, privateRemark: '旧备注' }
    expect(privacyAfterWrite('owner', { asked: secret })).toEqual(secret)
    expect(privacyAfterWrite('owner', { asked: { isPrivate: false, privateRemark: '丢掉' }, had: secret })).toEqual(PUBLIC)
    // Asking nothing (a move, a copy) keeps what it had, for the owner too.
    expect(privacyAfterWrite('owner', { had: secret })).toEqual(secret)
    expect(privacyAfterWrite('owner', {})).toEqual(PUBLIC)
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      expect(privacyAfterWrite(role, { asked: PUBLIC, had: secret }), role).toEqual(secret)
      expect(privacyAfterWrite(role, { asked: secret, had: PUBLIC }), role).toEqual(PUBLIC)
      expect(privacyAfterWrite(role, { asked: secret }), role).toEqual(PUBLIC)
      expect(privacyAfterWrite(role, { had: secret }), role).toEqual(secret)
      // "Exactly as it was", even a remark left from before.
      expect(privacyAfterWrite(role, { asked: secret, had: stale }), role).toEqual(stale)
    }
  })

  test('the link form: a manager’s edit keeps the flag and remark, whatever it sends; the owner sets and clears them', async () => {
    const w = await world()
    const secret = await saveLink(db(), w.owner, link(w.a, '私密', { isOnlyOwnView: true, isOnlyOwnViewRemark: '自己看' }))
    const open = await saveLink(db(), w.owner, link(w.a, '公开'))

    // The manager edits the private link with the box unticked: it stays private, remark and all.
    await saveLink(db(), w.manager, link(w.a, '改名', { id: secret.id }))
    expect(await row(secret.id)).toMatchObject({ name: '改名', isPrivate: true, privateRemark: '自己看' })
    // … and a remark of their own changes nothing either; moving it to another category keeps it private.
    await saveLink(db(), w.manager, link(w.b, '改名', { id: secret.id, isOnlyOwnView: true, isOnlyOwnViewRemark: '我的备注' }))
    expect(await row(secret.id)).toMatchObject({ bagId: w.b, isPrivate: true, privateRemark: '自己看' })
    // Ticking the box on a public link does not make it private.
    await saveLink(db(), w.manager, link(w.a, '公开', { id: open.id, isOnlyOwnView: true, isOnlyOwnViewRemark: '藏起来' }))
    expect(await row(open.id)).toMatchObject({ isPrivate: false, privateRemark: '' })

    // A new link of a manager's or a member's (a contribution) is public.
    const added = await saveLink(db(), w.manager, link(w.a, '管理员加的', { isOnlyOwnView: true, isOnlyOwnViewRemark: 'x' }))
    const contributed = await saveLink(db(), w.member, link(w.a, '成员投稿', { isOnlyOwnView: true }))
    expect(await row(added.id)).toMatchObject({ isPrivate: false, privateRemark: '' })
    expect(await row(contributed.id)).toMatchObject({ isPrivate: false, privateRemark: '' })

    // The owner clears it and sets it again; the remark is kept only with the flag.
    await saveLink(db(), w.owner, link(w.b, '改名', { id: secret.id, isOnlyOwnViewRemark: '丢掉' }))
    expect(await row(secret.id)).toMatchObject({ isPrivate: false, privateRemark: '' })
    await saveLink(db(), w.owner, link(w.a, '公开', { id: open.id, isOnlyOwnView: true, isOnlyOwnViewRemark: '新备注' }))
    expect(await row(open.id)).toMatchObject({ isPrivate: true, privateRemark: '新备注' })
    expect((await sourceDetail(db(), w.owner, open.id)).info).toMatchObject({ isOnlyOwnView: '1', isOnlyOwnViewRemark: '新备注' })
  })

  test('change-private: the owner’s switch; off drops the private remark, which nobody else ever reads', async () => {
    const w = await world()
    const secret = await saveLink(db(), w.owner, link(w.a, '私密', { isOnlyOwnView: true, isOnlyOwnViewRemark: '自己看' }))
    await expect(togglePrivate(db(), w.manager, secret.id)).rejects.toThrow('您没有权限执行此操作')
    expect(await row(secret.id)).toMatchObject({ isPrivate: true, privateRemark: '自己看' })
    expect(await togglePrivate(db(), w.owner, secret.id)).toMatchObject({ private: false, name: '私密' })
    expect(await row(secret.id)).toMatchObject({ isPrivate: false, privateRemark: '' })
    expect((await sourceDetail(db(), w.manager, secret.id)).info).toMatchObject({ isOnlyOwnView: '', isOnlyOwnViewRemark: '' })
    await togglePrivate(db(), w.owner, secret.id)
    expect(await row(secret.id)).toMatchObject({ isPrivate: true, privateRemark: '' })
    // A remark left on a public link by older code is still the owner's alone.
    await db().update(sources).set({ isPrivate: false, privateRemark: '旧备注' }).where(eq(sources.id, secret.id))
    expect((await sourceDetail(db(), w.manager, secret.id)).info.isOnlyOwnViewRemark).toBe('')
    expect((await sourceDetail(db(), w.owner, secret.id)).info.isOnlyOwnViewRemark).toBe('旧备注')
  })

  test('moves and copies: a private link stays private, and one the actor cannot see never leaves its homepage', async () => {
    const w = await world()
    const secret = await saveLink(db(), w.owner, link(w.a, '私密', { isOnlyOwnView: true, isOnlyOwnViewRemark: '自己看' }))
    const open = await saveLink(db(), w.owner, link(w.a, '公开'))
    const folder = await saveFolder(db(), w.owner, { bid: w.a, name: '夹', summary: '' })
    const hidden = await saveLink(db(), w.owner, link(w.a, '夹里私密', { parentLinkId: folder.id, isOnlyOwnView: true }))

    // Within the homepage the manager moves what they see as 未公开链接: it stays private.
    expect(await transferSources(db(), w.manager, { ids: [secret.id], type: 'move', bid: w.b })).toMatchObject({ count: 1 })
    expect(await row(secret.id)).toMatchObject({ bagId: w.b, isPrivate: true, privateRemark: '自己看' })
    await moveSource(db(), w.manager, secret.id, { bid: w.a, afterId: null })
    expect(await row(secret.id)).toMatchObject({ bagId: w.a, isPrivate: true, privateRemark: '自己看' })
    // A copy of it is refused (it cannot be seen), so it is never made public.
    await expect(transferSources(db(), w.manager, { ids: [secret.id], type: 'copy', bid: w.b })).rejects.toThrow(NOT_FOUND)
    await expect(transferSources(db(), w.manager, { ids: [secret.id], type: 'copy', bid: w.managerBid })).rejects.toThrow(NOT_FOUND)

    // Into the manager's own homepage it would be theirs to see: refused, and nothing moves.
    const before = await db().select().from(sources).where(inArray(sources.id, [secret.id, open.id, folder.id, hidden.id])).orderBy(asc(sources.id))
    await expect(transferSources(db(), w.manager, { ids: [open.id, secret.id], type: 'move', bid: w.managerBid })).rejects.toThrow(PRIVATE_STAYS)
    await expect(transferSources(db(), w.manager, { ids: [folder.id], type: 'move', bid: w.managerBid })).rejects.toThrow(PRIVATE_STAYS)
    await expect(moveSource(db(), w.manager, secret.id, { bid: w.managerBid })).rejects.toThrow(PRIVATE_STAYS)
    await expect(moveSource(db(), w.manager, folder.id, { bid: w.managerBid })).rejects.toThrow(PRIVATE_STAYS)
    expect(await db().select().from(sources).where(inArray(sources.id, [secret.id, open.id, folder.id, hidden.id])).orderBy(asc(sources.id))).toEqual(before)
    // A public link may go.
    expect(await transferSources(db(), w.manager, { ids: [open.id], type: 'move', bid: w.managerBid })).toMatchObject({ count: 1 })

    // The owner's copy keeps the flag and remark (a copy never makes a link public).
    const { ids } = await transferSources(db(), w.owner, { ids: [secret.id], type: 'copy', bid: w.b })
    expect(await row(ids[0]!)).toMatchObject({ isPrivate: true, privateRemark: '自己看' })
    // Copying a folder as the manager leaves out the child they cannot see.
    const copied = await transferSources(db(), w.manager, { ids: [folder.id], type: 'copy', bid: w.b })
    const children = await db().select().from(sources).where(and(eq(sources.parentId, copied.ids[0]!)))
    expect(children).toEqual([])
  })
})
