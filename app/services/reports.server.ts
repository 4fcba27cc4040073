import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db } from '#app/db/client.server.ts'
import { sourceReports, sources } from '#app/db/schema/index.ts'
import { type ReportInput, reportReasonLabel } from '#app/schemas/report.ts'
import { DomainError } from '#app/utils/errors.ts'
import { type Actor, homepageAccess, NOT_FOUND } from './access.server.ts'
import { assertReadable } from './source.server.ts'

/**
 * Reports of links (source/feedback), kept for the site operator. The spec gives the call and no
 * message; ours are below.
 */

export const REPORTED_MSG = '感谢反馈，我们会尽快处理'
export const REPORT_BUSY_MSG = '操作过于频繁，请稍后再试'

/**
 * Reports a link the actor can see: anyone who sees it, guests too (keyed by their address). A
 * link masked to the reporter (private to them, or already blacklisted) cannot be reported: it is
 * NOT_FOUND, as everywhere. One open report per reporter and link: reporting again replaces the
 * reason. The link's name and address are copied, so the report outlives the bookmark. Every call
 * that passes validation counts against the reporter's budget (20 an hour), found or not.
 */
export async function reportSource(db: Db, actor: Actor, input: ReportInput, clientIp: string) {
  await consumeOrThrow(db, 'report', actor ? `user:${actor.id}` : `ip:${clientIp}`, REPORT_BUSY_MSG)
  await db.transaction(async (tx) => {
    // The link's row lock serialises two reports of it, so "one open report each" holds for guests too.
    const [row] = await tx
      .select()
      .from(sources)
      .where(and(eq(sources.id, input.sourceId), eq(sources.type, 'link'), isNull(sources.deletedAt)))
      .for('update')
    if (!row) throw new DomainError(NOT_FOUND)
    assertReadable(row, (await homepageAccess(tx, actor, row.homepageId)).role)
    const reporter = actor
      ? eq(sourceReports.userId, actor.id)
      : and(isNull(sourceReports.userId), eq(sourceReports.ip, clientIp))
    const fields = { type: input.type, other: input.otherType, name: row.name, url: row.url ?? '', homepageId: row.homepageId }
    const updated = await tx
      .update(sourceReports)
      .set(fields)
      .where(and(eq(sourceReports.sourceId, row.id), eq(sourceReports.status, 'open'), reporter))
      .returning({ id: sourceReports.id })
    if (updated.length) return
    await tx.insert(sourceReports).values({ ...fields, sourceId: row.id, userId: actor?.id ?? null, ip: actor ? null : clientIp })
  })
}

/**
 * The open reports, newest first, for the site operator (no screen yet: a script or a console
 * calls this). `reports` counts the open reports of the same link (a link deleted since counts its own).
 */
export async function listOpenReports(db: Db, { page = 1, size = 50 }: { page?: number; size?: number } = {}) {
  const rows = await db
    .select({
      id: sourceReports.id,
      sourceId: sourceReports.sourceId,
      homepageId: sourceReports.homepageId,
      name: sourceReports.name,
      url: sourceReports.url,
      type: sourceReports.type,
      other: sourceReports.other,
      userId: sourceReports.userId,
      ip: sourceReports.ip,
      createdAt: sourceReports.createdAt,
      reports: sql<number>`(count(*) over (partition by coalesce(${sourceReports.sourceId}, -${sourceReports.id})))::int`,
    })
    .from(sourceReports)
    .where(eq(sourceReports.status, 'open'))
    .orderBy(desc(sourceReports.createdAt), desc(sourceReports.id))
    .limit(size)
    .offset((page - 1) * size)
  return rows.map((r) => ({ ...r, reason: reportReasonLabel(r.type) }))
}
