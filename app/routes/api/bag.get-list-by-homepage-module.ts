import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listBagTree } from '#app/services/bag.server.ts'
import { apiId } from '#app/api/params.ts'

/** GET /api/bag/get-list-by-homepage-module {module, homepageId}: the category tree of module `module`. */
export const loader = defineApi(z.object({ module: apiId }), (input, { db, user }) => listBagTree(db, user, input.module))

export const action = getOnly
