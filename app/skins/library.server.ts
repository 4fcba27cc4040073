import { createHash } from 'node:crypto'
import { DRAW_VERSION } from './draw.ts'
import { SKIN_CATEGORIES, SKIN_LIBRARY, type SkinPicture, type SkinRecipe } from './library.ts'

/**
 * The library's pictures as files (ADR 020): drawn at build into build/client/assets, named after
 * a hash of their recipe and the drawing code's version, so /assets serves them as immutable.
 */
export function skinFileNames(recipe: SkinRecipe) {
  const hash = createHash('sha256').update(JSON.stringify([DRAW_VERSION, recipe])).digest('hex').slice(0, 10)
  const base = `skin-${recipe.skin_id}-${hash}`
  return { image: `${base}.jpg`, thumb: `${base}-thumb.jpg` }
}


export const SKIN_PICTURES: readonly SkinPicture[] = SKIN_LIBRARY.map((recipe) => {
  const files = skinFileNames(recipe)
  const img = `/assets/${files.image}`
  const thumb = `/assets/${files.thumb}`
  return { skin_id: recipe.skin_id, cate_id: recipe.cid, name: recipe.name, img_url: img, thumb_url: thumb, download_url: img, cover: thumb, color: recipe.colors[0] }
})

export const skinPicture = (skinId: number) => SKIN_PICTURES.find((p) => p.skin_id === skinId)
/** A category's pictures (get-skin {cur_cid}); an unknown id is the first category. */
export function skinPicturesOf(cid: number) {
  const known = SKIN_CATEGORIES.some((c) => c.cate_id === cid) ? cid : SKIN_CATEGORIES[0]!.cate_id
  return { cid: known, list: SKIN_PICTURES.filter((p) => p.cate_id === known) }
}
