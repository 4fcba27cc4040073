import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { skinPictures } from '#app/services/skin-background.server.ts'

export const action = getOnly

/** `cur_cid`: a category id; absent or unknown is the first category. */
const Input = z.object({ cur_cid: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : 0), z.number()).optional() })

/** GET /api/skin/get-skin {cur_cid}: one category's pictures (spec §3 Skin picture), with the category answered. */
export const loader = defineApi(Input, async (input) => apiOk(skinPictures(input.cur_cid ?? 0)))
