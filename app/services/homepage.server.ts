import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '#app/auth/permissions.ts'
import { type Actor, canSee, roleOn } from './access.server.ts'
import { type SourceView, sourceView } from './source.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, homepages, modules, sources, users, type Homepage, type User } from '#app/db/schema/index.ts'
import { DEFAULT_LAYOUT, DEFAULT_SKIN, homepageLabel } from '#app/schemas/homepage.ts'
import { env } from '#app/utils/env.server.ts'

export type { Actor } from './access.server.ts'
export type { SourceView } from './source.server.ts'

export type ResolvedHomepage = {
  homepage: Homepage
  role: Role
  creator: { uid: number; nickname: string; avatar: string }
}

const notDeleted = isNull(homepages.deletedAt)

async function withCreator(db: Db, actor: Actor, homepage: Homepage | undefined) {
  if (!homepage) return null
  const role = roleOn(actor, homepage)
  // A private homepage is invisible to everyone but its people: same answer as "no such page".
  if (!canSee(role, homepage)) return null
  const [creator] = await db
    .select({ uid: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, homepage.userId))
  if (!creator) return null
  return { homepage, role, creator: { ...creator, avatar: creator.avatar ?? '' } } satisfies ResolvedHomepage
}

/**
 * The homepage a request shows: by personal domain when `code` is given; otherwise the signed-in
 * user's current homepage (else their default, else first), and the official demo for guests.
 * Returns null when it does not exist or the actor may not see it.
 */
export async function resolveHomepage(db: Db, actor: Actor, code?: string | null) {
  if (code) {
    const [row] = await db
      .select()
      .from(homepages)
      .where(and(sql`lower(${homepages.code}) = ${code.toLowerCase()}`, notDeleted))
      .limit(1)
    return withCreator(db, actor, row)
  }
  if (!actor) return resolveHomepage(db, actor, env().OFFICIAL_HOMEPAGE_CODE)
  const [row] = await db
    .select()
    .from(homepages)
    .where(and(eq(homepages.userId, actor.id), notDeleted))
    .orderBy(
      desc(sql`${homepages.id} = ${actor.currentHomepageId ?? 0}`),
      desc(homepages.isDefault),
      asc(homepages.id),
    )
    .limit(1)
  return withCreator(db, actor, row)
}

export type BagView = {
  bid: number
  moduleId: number
  parentId: number | null
  name: string
  icon: string
  color: string | null
  sources: SourceView[]
}

export type ModuleView = { moduleId: number; name: string; icon: string; moduleType: number; isDefault: boolean; bags: BagView[] }

/**
 * Everything the start page draws, in three queries whatever its size (PERFORMANCE.md: PGlite
 * runs on the server's thread). Private and blacklisted links are masked for non-owners here,
 * so no edge can forget it.
 */
export async function loadHomepageContent(db: Db, resolved: ResolvedHomepage): Promise<ModuleView[]> {
  const homepageId = resolved.homepage.id
  const [moduleRows, bagRows, sourceRows] = await Promise.all([
    db.select().from(modules).where(eq(modules.homepageId, homepageId)).orderBy(asc(modules.sortKey), asc(modules.id)),
    db
      .select()
      .from(bags)
      .where(and(eq(bags.homepageId, homepageId), isNull(bags.deletedAt)))
      .orderBy(asc(bags.sortKey), asc(bags.id)),
    db
      .select()
      .from(sources)
      .where(and(eq(sources.homepageId, homepageId), isNull(sources.deletedAt)))
      .orderBy(asc(sources.sortKey), asc(sources.id)),
  ])
  const bySource = new Map<number, SourceView[]>()
  for (const row of sourceRows) {
    const view = sourceView(row, resolved.role)
    const list = bySource.get(row.bagId) ?? []
    list.push(view)
    bySource.set(row.bagId, list)
  }
  const byModule = new Map<number, BagView[]>()
  for (const bag of bagRows) {
    const list = byModule.get(bag.moduleId) ?? []
    list.push({
      bid: bag.id,
      moduleId: bag.moduleId,
      parentId: bag.parentId,
      name: bag.name,
      icon: bag.icon,
      color: bag.color,
      sources: bySource.get(bag.id) ?? [],
    })
    byModule.set(bag.moduleId, list)
  }
  return moduleRows.map((m) => ({
    moduleId: m.id,
    name: m.name,
    icon: m.icon,
    moduleType: m.moduleType,
    isDefault: m.isDefault,
    bags: byModule.get(m.id) ?? [],
  }))
}

/** The Homepage entity of spec §3 as the /api and the header see it. */
export function homepageInfo({ homepage, role, creator }: ResolvedHomepage) {
  const name = homepageLabel(homepage.title, creator.nickname)
  return {
    id: homepage.id,
    name,
    title: homepage.title,
    summary: homepage.summary,
    icon: homepage.icon,
    iconSrc: homepage.icon,
    code: homepage.code ?? '',
    routeDomain: homepage.code ? `/${homepage.code}` : '',
    isOwn: role === 'owner',
    isManager: role === 'manager',
    isMember: role === 'member',
    memberRole: role === 'guest' ? 'visitor' : role,
    isOpen: homepage.isOpen,
    isDefault: homepage.isDefault,
    sort: homepage.sort,
    follow: role === 'follower',
    followAmount: 0,
    memberAmount: 0,
    visible: true,
    popVisible: true,
    showOperation: role === 'owner',
    accessible: true,
    creator,
    bannerTitle: name,
  }
}

export function homepageLayout(homepage: Homepage) {
  return { ...DEFAULT_LAYOUT, ...homepage.layout }
}

export function homepageSkin(homepage: Homepage) {
  return { ...DEFAULT_SKIN, ...homepage.skin }
}

/** Every new account starts with a default homepage holding one module and one category. */
export async function createStarterHomepage(tx: Tx, userId: number) {
  const [homepage] = await tx.insert(homepages).values({ userId, isDefault: true }).returning()
  if (!homepage) throw new Error('homepage insert returned nothing')
  const [module] = await tx
    .insert(modules)
    .values({ homepageId: homepage.id, name: '常用', icon: 'star', moduleType: 0, isDefault: true })
    .returning()
  if (!module) throw new Error('module insert returned nothing')
  await tx.insert(bags).values({ homepageId: homepage.id, moduleId: module.id, name: '常用网站', icon: 'folder' })
  await tx.update(users).set({ currentHomepageId: homepage.id }).where(eq(users.id, userId))
  return homepage
}
