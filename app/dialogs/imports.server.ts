import { importHistory, ownImport } from '#app/services/imports.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { dialog, family } from './family.server.ts'

/**
 * 导入书签 (spec §4 Import dialog): upload a browser bookmark file, then a success step with 查看
 * (the preview) and 重新导入. The upload form posts to /preview (routes/preview.tsx), which stores
 * the file and comes back here with `&file=`; everything after is the preview page's.
 */
export const importsFamily = family({
  dialogs: {
    import: dialog<'import'>({
      capability: 'view',
      load: async ({ db, user, id }) => {
        const history = await importHistory(db, user)
        const fileId = id('file')
        const file = fileId ? await ownImport(db, user, fileId).catch((error) => (error instanceof DomainError ? null : Promise.reject(error))) : null
        return {
          dialog: 'import',
          history: history.map(({ id, title, createTime, linkCount }) => ({ id, title, createTime, linkCount })),
          uploaded: file ? { id: file.id, title: file.title, folderCount: file.folderCount, linkCount: file.linkCount } : null,
        }
      },
    }),
  },
  intents: {},
})
