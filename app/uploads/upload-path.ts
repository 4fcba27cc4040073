/**
 * The one rule for uploaded images (isomorphic: forms, views and the server share it). The server
 * names every stored image after a hash of its bytes, so a valid path is exactly
 * `/uploads/<32 lowercase hex>.<png|jpg|webp|gif>`: nothing a user typed ever becomes a path.
 */

export const UPLOAD_PREFIX = '/uploads/'
export const UPLOAD_EXTS = ['png', 'jpg', 'webp', 'gif'] as const
export type UploadExt = (typeof UPLOAD_EXTS)[number]

/** The widths `?w=` may ask for: 40 (icons), 80 (icons at 2×), 96 (homepage icons), 192 (96 at 2×). */
export const UPLOAD_WIDTHS = [40, 80, 96, 192] as const

const NAME = /^[0-9a-f]{32}\.(?:png|jpg|webp|gif)$/

/** A stored image's file name (`<hash>.<ext>`), as the server makes them. */
export function isUploadName(value: string) {
  return NAME.test(value)
}

/** `/uploads/<hash>.<ext>`: the only form an uploaded image may take in icons, notes and skins. */
export function isUploadPath(value: string) {
  return value.startsWith(UPLOAD_PREFIX) && isUploadName(value.slice(UPLOAD_PREFIX.length))
}

/** Only JPEG and PNG get resized variants (spec §5: "a resize suffix only for jpg, jpeg, png"; we store JPEG as .jpg). */
export function isResizable(name: string) {
  return name.endsWith('.png') || name.endsWith('.jpg')
}

/** The smallest allowed width that covers `px`, or the largest one. */
export function uploadWidthFor(px: number): number {
  return UPLOAD_WIDTHS.find((w) => w >= px) ?? UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]!
}

/**
 * The address to draw an image at `px` CSS pixels: jpg/jpeg/png get `?w=<N>`, any other image
 * (and anything that is not a path of ours) is returned unchanged.
 */
export function uploadImageSrc(src: string, px: number): string {
  const path = src.split(/[?#]/, 1)[0]!
  if (!isUploadPath(path) || !isResizable(path)) return src
  return `${path}?w=${uploadWidthFor(px)}`
}
