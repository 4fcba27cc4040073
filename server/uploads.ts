import express from 'express'
import { CONTENT_TYPES, resizeStored } from '#app/uploads/image.server.ts'
import { uploadStorage, variantName, type UploadStorage } from '#app/uploads/storage.server.ts'
import { isResizable, isUploadName, UPLOAD_WIDTHS } from '#app/uploads/upload-path.ts'

/**
 * GET/HEAD /uploads/<hash>.<ext>[?w=N]: uploaded images from the storage, mounted before helmet
 * and React Router. Every answer is inert even if opened directly (nosniff, a sandbox CSP, no
 * cross-origin embedding); names are content hashes, so the bytes never change.
 */
export function uploadsRouter(storage: UploadStorage = uploadStorage()) {
  const router = express.Router()
  router.use('/uploads', async (req, res, next) => {
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
    })
    const notFound = () => res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not Found')
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('Allow', 'GET, HEAD')
      return res.status(405).type('text/plain').send('Method Not Allowed')
    }
    try {
      // The raw path, undecoded: `%2e%2e%2f` or a nested segment simply does not match.
      const name = req.path.slice(1)
      if (!isUploadName(name)) return notFound()
      const w = new URL(req.originalUrl, 'http://x').searchParams.get('w')
      let bytes: Buffer | null
      if (w === null) {
        bytes = await storage.get(name)
      } else {
        const width = Number(w)
        if (!isResizable(name) || !(UPLOAD_WIDTHS as readonly number[]).includes(width) || String(width) !== w) return notFound()
        bytes = await resizedVariant(storage, name, width)
      }
      if (!bytes) return notFound()
      res.set({
        'Content-Type': CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)]!,
        'Cache-Control': 'public, max-age=31536000, immutable',
      })
      return res.send(bytes)
    } catch (error) {
      next(error)
    }
  })
  return router
}

/** The stored `<hash>-w<N>.<ext>`, made from the original the first time it is asked for. */
async function resizedVariant(storage: UploadStorage, name: string, width: number) {
  const variant = variantName(name, width)
  const cached = await storage.get(variant)
  if (cached) return cached
  const original = await storage.get(name)
  if (!original) return null
  const bytes = await resizeStored(original, name.endsWith('.png') ? 'png' : 'jpg', width)
  await storage.put(variant, bytes)
  return bytes
}
