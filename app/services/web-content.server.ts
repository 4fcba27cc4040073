import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db } from '#app/db/client.server.ts'
import type { User } from '#app/db/schema/index.ts'
import { FetchRefusedError, safeFetcher } from '#app/net/safe-fetch.server.ts'
import { fetchRemoteIcon, fetchSiteInfo } from '#app/net/site-info.server.ts'
import { NOTE_IMAGE_MAX_BYTES, NOTE_IMAGE_TOO_LARGE, storeImage } from '#app/uploads/image.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/**
 * Other sites' names and icons, fetched by the server through the one SSRF-safe fetcher (every
 * hop checked, sizes and times capped) and re-encoded into our own uploads: pages only ever load
 * icons from our origin (SECURITY.md §0).
 */

const BUSY_MSG = '请求过于频繁，请稍后再试'

/** Stores an icon the fetcher brought back for `user`, only if it decodes as one of our image types. */
const iconSaver = (db: Db, user: User) => async (bytes: Buffer) => (await storeImage(bytes, 'icon', { db, userId: user.id })).src

async function outbound(db: Db, user: User) {
  await consumeOrThrow(db, 'outboundFetch', `user:${user.id}`, BUSY_MSG)
  return { fetch: safeFetcher(), options: { userKey: String(user.id) } }
}

/** The name and icon of the site at `url` (a link dialog's 获取 button). */
export async function siteNameAndIcon(db: Db, user: User, url: string) {
  const { fetch, options } = await outbound(db, user)
  try {
    const info = await fetchSiteInfo(fetch, url, iconSaver(db, user), options)
    return { title: info.title, icon: info.icon ?? '' }
  } catch (error) {
    // Users see one message whatever the cause; the cause goes to the server log only.
    if (error instanceof FetchRefusedError) console.warn(`outbound fetch refused for user ${user.id}: ${error.reason}`)
    throw error
  }
}

/** An icon from an image address, or from the site at that address (the remote icon dialog). */
export async function remoteIcon(db: Db, user: User, url: string) {
  const { fetch, options } = await outbound(db, user)
  return fetchRemoteIcon(fetch, url, iconSaver(db, user), options)
}

/**
 * An image of another site pasted into a note (issue 23): fetched by the server and stored as our
 * own upload, at most 3 MB (the notepad's limit and message), re-encoded like every upload.
 */
export async function remoteNoteImage(db: Db, user: User, url: string) {
  const { fetch, options } = await outbound(db, user)
  let fetched
  try {
    fetched = await fetch(url, { ...options, maxBytes: NOTE_IMAGE_MAX_BYTES, accept: 'image/*' })
  } catch (error) {
    if (error instanceof FetchRefusedError && error.failure === 'too-large') throw new DomainError(NOTE_IMAGE_TOO_LARGE)
    throw error
  }
  return (await storeImage(fetched.body, 'notepad', { db, userId: user.id })).src
}
