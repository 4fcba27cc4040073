import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listCreatedHomepages } from '#app/services/homepages.server.ts'

export const action = getOnly

/** GET /api/homepage/get-create-list {word}: the user's homepages, pinned first (sort descending), then newest first. */
export const loader = defineApi(
  z.object({ word: z.string().trim().max(20).catch('') }),
  (input, { db, user }) => listCreatedHomepages(db, user, { word: input.word }),
  { auth: true },
)
