import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#app/db/client.server.ts'
import { bags, homepages, sources } from '#app/db/schema/index.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'

export type TrashItem = {
  kind: 'bag' | 'source'
  id: number
  name: string
  type: string
  url: string | null
  bagName: string
  homepageId: number
  deletedAt: string
}

const parentBag = alias(bags, 'parent_bag')
const parentSource = alias(sources, 'parent_source')

/**
 * What the actor trashed on their homepages, newest first: each batch by its root (a category
 * trashed with its bookmarks is one entry; restoring it brings the rest back).
 */
export async function listTrash(db: Db, actor: Actor, { page, size }: { page: number; size: number }) {
  if (!actor) throw new NotSignedInError()
  const bagRows = await db
    .select({ bag: bags, homepageTitle: homepages.title })
    .from(bags)
    .innerJoin(homepages, eq(homepages.id, bags.homepageId))
    .leftJoin(parentBag, eq(parentBag.id, bags.parentId))
    .where(
      and(
        eq(homepages.userId, actor.id),
        isNotNull(bags.deletedAt),
        sql`${parentBag.deletedBatchId} is distinct from ${bags.deletedBatchId}`,
      ),
    )
  const sourceRows = await db
    .select({ source: sources, bagName: bags.name, bagBatch: bags.deletedBatchId })
    .from(sources)
    .innerJoin(homepages, eq(homepages.id, sources.homepageId))
    .innerJoin(bags, eq(bags.id, sources.bagId))
    .leftJoin(parentSource, eq(parentSource.id, sources.parentId))
    .where(
      and(
        eq(homepages.userId, actor.id),
        isNotNull(sources.deletedAt),
        sql`${bags.deletedBatchId} is distinct from ${sources.deletedBatchId}`,
        sql`${parentSource.deletedBatchId} is distinct from ${sources.deletedBatchId}`,
      ),
    )
    .orderBy(desc(sources.deletedAt))
  const items: TrashItem[] = [
    ...bagRows.map(({ bag }) => ({
      kind: 'bag' as const,
      id: bag.id,
      name: bag.name,
      type: 'category',
      url: null,
      bagName: bag.name,
      homepageId: bag.homepageId,
      deletedAt: bag.deletedAt!.toISOString(),
    })),
    ...sourceRows.map(({ source, bagName }) => ({
      kind: 'source' as const,
      id: source.id,
      name: source.name,
      type: source.type,
      url: source.url,
      bagName,
      homepageId: source.homepageId,
      deletedAt: source.deletedAt!.toISOString(),
    })),
  ].sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id - a.id)
  const start = (page - 1) * size
  return { list: items.slice(start, start + size), total: items.length, page, size, hasMore: start + size < items.length }
}
