import { and, asc, eq, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { bags, homepageMembers, homepages, modules, sources } from '#app/db/schema/index.ts'
import { hasIcon } from '#app/icons/library.server.ts'
import { BagSchema, LinkSchema, MAX_CHILDREN, ModuleSchema } from '#app/schemas/content.ts'
import { ChooseTemplateSchema, NO_TEMPLATE_CHOSEN, StartFromTemplatesSchema, TEMPLATE_NOT_FOUND } from '#app/schemas/template.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { chooseTemplate, startFromTemplates, templateMenu } from './module-templates.server.ts'
import { listModules, saveModule } from './module.server.ts'
import { saveLink, trashSources } from './source.server.ts'
import { MODULE_TEMPLATES } from './templates/module-templates.ts'

const db = useTestDb()

/** The homepage's modules, each with its categories and their links, as names and addresses. */
async function tree(homepageId: number) {
  const mods = await db().select().from(modules).where(eq(modules.homepageId, homepageId)).orderBy(asc(modules.sortKey))
  return Promise.all(
    mods.map(async (m) => {
      const bagRows = await db().select().from(bags).where(and(eq(bags.moduleId, m.id), isNull(bags.deletedAt))).orderBy(asc(bags.sortKey))
      return {
        name: m.name,
        isDefault: m.isDefault,
        sortKey: m.sortKey,
        categories: await Promise.all(
          bagRows.map(async (b) => ({
            name: b.name,
            sortKey: b.sortKey,
            links: (await db().select().from(sources).where(eq(sources.bagId, b.id)).orderBy(asc(sources.sortKey))).map((s) => [s.sortKey, s.name, s.url]),
          })),
        ),
      }
    }),
  )
}

describe('the built-in templates', () => {
  test('at least 常用, 新闻, 开发, 设计, 学习; ids unique; 2-4 categories of 4-10 links each', () => {
    const names = MODULE_TEMPLATES.map((t) => t.name)
    for (const name of ['常用', '新闻', '开发', '设计', '学习']) expect(names).toContain(name)
    expect(new Set(MODULE_TEMPLATES.map((t) => t.id)).size).toBe(MODULE_TEMPLATES.length)
    for (const t of MODULE_TEMPLATES) {
      expect(t.categories.length, t.name).toBeGreaterThanOrEqual(2)
      expect(t.categories.length, t.name).toBeLessThanOrEqual(4)
      for (const c of t.categories) {
        expect(c.links.length, `${t.name}/${c.name}`).toBeGreaterThanOrEqual(4)
        expect(c.links.length, `${t.name}/${c.name}`).toBeLessThanOrEqual(Math.min(10, MAX_CHILDREN))
        // No site twice in one category.
        expect(new Set(c.links.map(([, url]) => url)).size, `${t.name}/${c.name}`).toBe(c.links.length)
      }
    }
  })

  test('every name, icon and address passes the forms that add modules, categories and links', () => {
    for (const t of MODULE_TEMPLATES) {
      expect(ModuleSchema.safeParse({ homepageId: 1, name: t.name, icon: t.icon, moduleType: 0 }).success, t.name).toBe(true)
      expect(hasIcon(t.icon), t.icon).toBe(true)
      expect(t.summary.length).toBeGreaterThan(0)
      for (const c of t.categories) {
        expect(BagSchema.safeParse({ moduleId: 1, name: c.name, icon: c.icon, color: c.color }).success, c.name).toBe(true)
        expect(hasIcon(c.icon), c.icon).toBe(true)
        for (const [name, url, note] of c.links) {
          const parsed = LinkSchema.safeParse({ bid: 1, name, url, note })
          expect(parsed.success, `${name} ${url}`).toBe(true)
          // Real sites over https, written as stored (normalised).
          expect(new URL(url).protocol, url).toBe('https:')
          expect(parsed.data?.url).toBe(url)
        }
      }
    }
  })

  test('the menu: id, name, icon, summary and the counts', () => {
    const menu = templateMenu()
    expect(menu.map((t) => t.id)).toEqual(MODULE_TEMPLATES.map((t) => t.id))
    const dev = menu.find((t) => t.name === '开发')!
    const data = MODULE_TEMPLATES.find((t) => t.name === '开发')!
    expect(dev).toEqual({
      id: data.id,
      moduleId: data.id,
      name: '开发',
      icon: 'tabler:code',
      iconSrc: '/resources/icons/tabler/code.svg',
      iconType: 'font',
      summary: data.summary,
      moduleType: 0,
      categoryAmount: data.categories.length,
      linkAmount: data.categories.reduce((n, c) => n + c.links.length, 0),
      categories: data.categories.map((c) => ({ name: c.name, icon: c.icon, linkAmount: c.links.length })),
    })
  })
})

describe('choosing a template', () => {
  test('a new module last in the order, with its categories and links in the template\'s order', async () => {
    const o = await createOwner(db(), ['已有'])
    const news = MODULE_TEMPLATES.find((t) => t.name === '新闻')!
    const before = await tree(o.homepageId)
    const chosen = await chooseTemplate(db(), o.user, ChooseTemplateSchema.parse({ homepageId: o.homepageId, templateId: news.id }))
    if (chosen.moduleId === null) throw new Error('not repeated: no key was given')
    expect(chosen).toMatchObject({ name: '新闻', icon: 'tabler:news', moduleType: 0, isDefault: false, homepageId: o.homepageId, categoryAmount: news.categories.length })
    const after = await tree(o.homepageId)
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.at(-1)).toEqual({
      name: '新闻',
      isDefault: false,
      sortKey: before.length,
      categories: news.categories.map((c, i) => ({ name: c.name, sortKey: i, links: c.links.map(([name, url], k) => [k, name, url]) })),
    })
    const [row] = await db().select().from(modules).where(eq(modules.id, chosen.moduleId))
    expect(row?.homepageId).toBe(o.homepageId)
    // The links are ordinary links: not private, not starred, no clicks, notes copied.
    const links = await db().select().from(sources).where(eq(sources.homepageId, o.homepageId))
    const added = links.filter((s) => news.categories.some((c) => c.links.some(([, url]) => url === s.url)))
    expect(added).toHaveLength(chosen.linkAmount)
    expect(added.every((s) => s.type === 'link' && !s.isPrivate && !s.liked && s.clickAmount === 0)).toBe(true)
    expect(added.find((s) => s.name === '36氪')?.note).toBe('科技创投')
  })

  test('on a homepage without modules it becomes the default module', async () => {
    const { user } = await createUser(db())
    const homepageId = user.currentHomepageId!
    await db().delete(modules).where(eq(modules.homepageId, homepageId))
    const chosen = await chooseTemplate(db(), user, { homepageId, templateId: 1 })
    expect(chosen).toMatchObject({ isDefault: true, name: '常用' })
    expect((await listModules(db(), user, homepageId)).map((m) => [m.name, m.isDefault])).toEqual([['常用', true]])
  })

  test('the same template twice: a second copy; the same form token twice: once', async () => {
    const o = await createOwner(db(), [])
    const first = await chooseTemplate(db(), o.user, { homepageId: o.homepageId, templateId: 3 })
    const second = await chooseTemplate(db(), o.user, { homepageId: o.homepageId, templateId: 3 })
    expect(second.moduleId).not.toBe(first.moduleId)
    const withKey = await chooseTemplate(db(), o.user, { homepageId: o.homepageId, templateId: 5, key: 'tpl-123' })
    expect(withKey).toMatchObject({ name: '学习' })
    expect(await chooseTemplate(db(), o.user, { homepageId: o.homepageId, templateId: 5, key: 'tpl-123' })).toEqual({ moduleId: null, repeated: true })
    // Two at once with one token: one module (the starter homepage came with its own 常用).
    const racing = await Promise.all([1, 2].map(() => chooseTemplate(db(), o.user, { homepageId: o.homepageId, templateId: 2, key: 'tpl-race' })))
    expect(racing.filter((r) => r.moduleId !== null)).toHaveLength(1)
    expect((await listModules(db(), o.user, o.homepageId)).map((m) => m.name)).toEqual(['常用', '工作', '开发', '开发', '学习', '新闻'])
  })

  test('owner only; an unknown template or homepage: a clear refusal, nothing added', async () => {
    const o = await createOwner(db(), [])
    const { user: manager } = await createUser(db())
    const { user: stranger } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId: o.homepageId, userId: manager.id, permission: 'manager' })
    const before = await tree(o.homepageId)
    const input = { homepageId: o.homepageId, templateId: 1 }
    await expect(chooseTemplate(db(), manager, input)).rejects.toThrow(FORBIDDEN)
    await expect(chooseTemplate(db(), stranger, input)).rejects.toThrow(NOT_FOUND)
    await db().update(homepages).set({ isOpen: true }).where(eq(homepages.id, o.homepageId))
    await expect(chooseTemplate(db(), stranger, input)).rejects.toThrow(FORBIDDEN)
    // The refusal of a stranger comes before the template's: no oracle either way.
    await expect(chooseTemplate(db(), stranger, { ...input, templateId: 999 })).rejects.toThrow(FORBIDDEN)
    await expect(chooseTemplate(db(), null, input)).rejects.toThrow('请先登录')
    await expect(chooseTemplate(db(), o.user, { ...input, templateId: 999 })).rejects.toThrow(TEMPLATE_NOT_FOUND)
    await expect(chooseTemplate(db(), o.user, { ...input, homepageId: 2_000_000_000 })).rejects.toThrow(NOT_FOUND)
    // A refused call with a token leaves the token unused.
    await expect(chooseTemplate(db(), o.user, { ...input, templateId: 999, key: 'k1' })).rejects.toThrow(TEMPLATE_NOT_FOUND)
    expect(await tree(o.homepageId)).toEqual(before)
    expect(await chooseTemplate(db(), o.user, { ...input, key: 'k1' })).toMatchObject({ name: '常用' })
    expect(ChooseTemplateSchema.safeParse({ homepageId: o.homepageId }).error?.issues[0]?.message).toBe(TEMPLATE_NOT_FOUND)
    expect(ChooseTemplateSchema.safeParse({ homepageId: o.homepageId, templateId: 'abc' }).error?.issues[0]?.message).toBe(TEMPLATE_NOT_FOUND)
  })

  test('a trashed homepage takes no template', async () => {
    const o = await createOwner(db(), [])
    await saveModule(db(), o.user, { homepageId: o.homepageId, name: '另一个', icon: 'tabler:star', moduleType: 0 })
    await db().update(homepages).set({ deletedAt: new Date() }).where(eq(homepages.id, o.homepageId))
    await expect(chooseTemplate(db(), o.user, { homepageId: o.homepageId, templateId: 1 })).rejects.toThrow(NOT_FOUND)
  })
})

describe('starting from templates (the welcome page after sign-up)', () => {
  const byName = (name: string) => MODULE_TEMPLATES.find((t) => t.name === name)!
  const asTree = (name: string, sortKey: number, isDefault: boolean) => ({
    name,
    isDefault,
    sortKey,
    categories: byName(name).categories.map((c, i) => ({ name: c.name, sortKey: i, links: c.links.map(([n, url], k) => [k, n, url]) })),
  })

  test('a homepage as it was born: its empty module gives way, the chosen ones come in the menu\'s order, the first the default', async () => {
    const { user } = await createUser(db())
    const homepageId = user.currentHomepageId!
    expect(await tree(homepageId)).toEqual([{ name: '常用', isDefault: true, sortKey: 0, categories: [{ name: '常用网站', sortKey: 0, links: [] }] }])
    // Ticked in any order, one twice: each once, as the menu lists them.
    const done = await startFromTemplates(db(), user, { homepageId, templateIds: [byName('开发').id, byName('常用').id, byName('开发').id] })
    expect(done.moduleIds).toHaveLength(2)
    expect(await tree(homepageId)).toEqual([asTree('常用', 0, true), asTree('开发', 1, false)])
  })

  test('a homepage with anything of its owner\'s keeps it: the templates come after', async () => {
    const { user } = await createUser(db())
    const homepageId = user.currentHomepageId!
    const [starter] = await tree(homepageId)
    const [bag] = await db().select().from(bags).where(eq(bags.homepageId, homepageId))
    // One bookmark, even one in the trash, is the owner's: the starter module stays.
    const { id } = await saveLink(db(), user, { bid: bag!.id, name: '我的', url: 'https://example.com/mine', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })
    await trashSources(db(), user, [id])
    await startFromTemplates(db(), user, { homepageId, templateIds: [byName('新闻').id] })
    expect((await tree(homepageId)).map((m) => [m.name, m.sortKey, m.isDefault])).toEqual([[starter!.name, 0, true], ['新闻', 1, false]])
    // A second module of the owner's, too.
    const o = await createOwner(db(), [])
    await startFromTemplates(db(), o.user, { homepageId: o.homepageId, templateIds: [byName('学习').id] })
    expect((await listModules(db(), o.user, o.homepageId)).map((m) => m.name)).toEqual(['常用', '工作', '学习'])
  })

  test('sent again with the same token: nothing more; chosen again later: more modules, nothing replaced', async () => {
    const { user } = await createUser(db())
    const homepageId = user.currentHomepageId!
    const input = { homepageId, templateIds: [byName('常用').id], key: 'welcome-1' }
    expect((await startFromTemplates(db(), user, input)).moduleIds).toHaveLength(1)
    expect(await startFromTemplates(db(), user, input)).toEqual({ moduleIds: [], repeated: true })
    expect((await listModules(db(), user, homepageId)).map((m) => m.name)).toEqual(['常用'])
    await startFromTemplates(db(), user, { homepageId, templateIds: [byName('常用').id] })
    expect((await listModules(db(), user, homepageId)).map((m) => [m.name, m.isDefault])).toEqual([['常用', true], ['常用', false]])
  })

  test('an unknown template, none at all, a guest, a stranger, a manager: a clear refusal, nothing added', async () => {
    const { user } = await createUser(db())
    const homepageId = user.currentHomepageId!
    const before = await tree(homepageId)
    await expect(startFromTemplates(db(), user, { homepageId, templateIds: [1, 999], key: 'k-unknown' })).rejects.toThrow(TEMPLATE_NOT_FOUND)
    await expect(startFromTemplates(db(), user, { homepageId, templateIds: [] })).rejects.toThrow(TEMPLATE_NOT_FOUND)
    await expect(startFromTemplates(db(), null, { homepageId, templateIds: [1] })).rejects.toThrow('请先登录')
    const { user: stranger } = await createUser(db())
    const { user: manager } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId, userId: manager.id, permission: 'manager' })
    await expect(startFromTemplates(db(), stranger, { homepageId, templateIds: [1] })).rejects.toThrow(NOT_FOUND)
    await expect(startFromTemplates(db(), manager, { homepageId, templateIds: [1] })).rejects.toThrow(FORBIDDEN)
    expect(await tree(homepageId)).toEqual(before)
    // The refused token is still unused.
    expect((await startFromTemplates(db(), user, { homepageId, templateIds: [1], key: 'k-unknown' })).moduleIds).toHaveLength(1)
    // The form's words: none ticked, or something that is no template id.
    const parse = (templateIds: unknown) => StartFromTemplatesSchema.safeParse({ templateIds }).error?.issues[0]?.message
    expect(parse([])).toBe(NO_TEMPLATE_CHOSEN)
    expect(parse(['abc'])).toBe(TEMPLATE_NOT_FOUND)
    expect(parse(['-1'])).toBe(TEMPLATE_NOT_FOUND)
    expect(StartFromTemplatesSchema.parse({ templateIds: ['1', '3'] }).templateIds).toEqual([1, 3])
  })
})
