import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { idempotencyKey } from '#app/api/ordering-params.ts'
import { apiId, apiOptionalId, apiOptionalIdList } from '#app/api/params.ts'
import { IMPORTED_MSG, importPicked } from '#app/services/imports.server.ts'

export const loader = postOnly

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean())

/**
 * POST /api/source/import {fileId, ids, folderIds?, bid | moduleId | homepageId, skipDuplicates?, key?}:
 * the upload's picked links (`ids`) and folders (with everything under them) go into category
 * `bid`, or become new categories of `moduleId` or new modules of `homepageId`. Answers the run's
 * id (for undo) and its report; a repeated `key` imports nothing and answers `repeated`.
 */
export const action = defineApi(
  z.object({
    fileId: apiId,
    ids: apiOptionalIdList,
    folderIds: apiOptionalIdList,
    bid: apiOptionalId,
    moduleId: apiOptionalId,
    homepageId: apiOptionalId,
    skipDuplicates: flag.catch(false),
    key: idempotencyKey,
  }),
  async (input, { db, user }) => {
    const result = await importPicked(db, user, { ...input, importId: input.fileId, linkIds: input.ids })
    return apiOk(result, 'repeated' in result ? '已导入，请勿重复提交' : IMPORTED_MSG)
  },
  { auth: true },
)
