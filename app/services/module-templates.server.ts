import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, modules, sources } from '#app/db/schema/index.ts'
import { MODULE_TEMPLATES, type ModuleTemplate } from './templates/module-templates.ts'
import { iconUrl } from '#app/icons/icon-url.ts'
import { type ChooseTemplateInput, type StartFromTemplatesInput, TEMPLATE_NOT_FOUND } from '#app/schemas/template.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, requireCapability } from './access.server.ts'
import { onceWithKey } from './idempotency.server.ts'
import { assertBookmarkRoom } from './bookmark-limit.server.ts'
import { removeUntouchedStarter } from './homepage.server.ts'
import { assertModuleRoom, moduleView } from './module.server.ts'
import { nextPosition } from './ordering.server.ts'
import { searchColumns } from './search-index.ts'

/** Built-in module templates (app/services/templates/module-templates.ts): the menu, and adding one to a homepage. */

export const TEMPLATE_ADDED_MSG = '操作成功！'
/** Templates hold plain categories (module type 0). */
const TEMPLATE_MODULE_TYPE = 0

const linkCount = (t: ModuleTemplate) => t.categories.reduce((n, c) => n + c.links.length, 0)

/** get-template-menu: every template with what it would add. The same for everyone. */
export function templateMenu() {
  return MODULE_TEMPLATES.map((t) => ({
    id: t.id,
    moduleId: t.id,
    name: t.name,
    icon: t.icon,
    iconSrc: iconUrl(t.icon) ?? '',
    iconType: 'font' as const,
    summary: t.summary,
    moduleType: TEMPLATE_MODULE_TYPE,
    categoryAmount: t.categories.length,
    linkAmount: linkCount(t),
    categories: t.categories.map((c) => ({ name: c.name, icon: c.icon, linkAmount: c.links.length })),
  }))
}

export function findTemplate(id: number) {
  return MODULE_TEMPLATES.find((t) => t.id === id)
}

export type ChosenTemplate = ReturnType<typeof moduleView> & { categoryAmount: number; linkAmount: number; repeated?: true }

/**
 * choose-template: the template becomes a new module of the homepage, last in its order (the
 * default when it is the first), with its categories and links in the template's order, in one
 * transaction under the homepage lock; owner only ('manage-modules'). Choosing the same template
 * again adds another copy (the owner may want two, e.g. to change one); a repeated form submission
 * (same `key`) adds nothing and answers `repeated` with `moduleId: null`.
 */
export async function chooseTemplate(db: Db, actor: Actor, input: ChooseTemplateInput): Promise<ChosenTemplate | { moduleId: null; repeated: true }> {
  if (!actor) throw new NotSignedInError()
  const template = findTemplate(input.templateId)
  return onceWithKey<ChosenTemplate | { moduleId: null; repeated: true }>(db, actor.id, input.key, { moduleId: null, repeated: true }, async (tx) => {
    await requireCapability(tx, actor, input.homepageId, 'manage-modules', true)
    if (!template) throw new DomainError(TEMPLATE_NOT_FOUND)
    await assertModuleRoom(tx, input.homepageId)
    await assertBookmarkRoom(tx, input.homepageId, linkCount(template))
    return addTemplateModule(tx, input.homepageId, template)
  })
}

/**
 * The welcome page's choice after sign-up (routes/welcome.tsx): the ticked templates, in the
 * menu's order, each a module as choose-template makes it — all in one transaction, or none (an
 * unknown id refuses the whole choice). An untouched birth module gives way to them
 * (removeUntouchedStarter); a homepage with anything of its owner's keeps it and gets the
 * templates after it. A repeated submission (same `key`) adds nothing.
 */
export async function startFromTemplates(db: Db, actor: Actor, input: StartFromTemplatesInput): Promise<{ moduleIds: number[]; repeated?: true }> {
  if (!actor) throw new NotSignedInError()
  const templates = [...new Set(input.templateIds)].map(findTemplate)
  return onceWithKey<{ moduleIds: number[]; repeated?: true }>(db, actor.id, input.key, { moduleIds: [], repeated: true }, async (tx) => {
    await requireCapability(tx, actor, input.homepageId, 'manage-modules', true)
    const known = templates.filter((t) => t !== undefined)
    if (known.length < templates.length || !known.length) throw new DomainError(TEMPLATE_NOT_FOUND)
    await removeUntouchedStarter(tx, input.homepageId)
    await assertModuleRoom(tx, input.homepageId, known.length)
    await assertBookmarkRoom(tx, input.homepageId, known.reduce((n, t) => n + linkCount(t), 0))
    const moduleIds: number[] = []
    for (const template of MODULE_TEMPLATES.filter((t) => known.includes(t))) moduleIds.push((await addTemplateModule(tx, input.homepageId, template)).moduleId)
    return { moduleIds }
  })
}

/** Writes one template as a new module, last in the homepage's order (the default when it is the first), with its categories and links. */
async function addTemplateModule(tx: Tx, homepageId: number, template: ModuleTemplate): Promise<ChosenTemplate> {
  const sortKey = await nextPosition(tx, modules, { homepageId })
  const [module] = await tx
    .insert(modules)
    .values({ homepageId, name: template.name, icon: template.icon, moduleType: TEMPLATE_MODULE_TYPE, isDefault: sortKey === 0, sortKey })
    .returning()
  // A new module's lists are empty: positions start at 0 (each category holds ≤ 100 links: the test of the data says so).
  const bagRows = await tx
    .insert(bags)
    .values(
      template.categories.map((c, i) => ({
        homepageId,
        moduleId: module!.id,
        name: c.name,
        icon: c.icon,
        color: c.color,
        sortKey: i,
      })),
    )
    .returning({ id: bags.id, sortKey: bags.sortKey })
  const bagAt = new Map(bagRows.map((b) => [b.sortKey, b.id]))
  await tx.insert(sources).values(
    template.categories.flatMap((c, i) =>
      c.links.map(([name, url, note], position) => ({
        homepageId,
        bagId: bagAt.get(i)!,
        type: 'link' as const,
        name,
        url: new URL(url).href,
        note: note ?? '',
        ...searchColumns({ name, url: new URL(url).href, note }),
        sortKey: position,
      })),
    ),
  )
  return { ...moduleView(module!), categoryAmount: template.categories.length, linkAmount: linkCount(template) }
}
