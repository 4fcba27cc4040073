import { MAX_CHILDREN } from '#app/schemas/content.ts'
import { ReportSchema } from '#app/schemas/report.ts'
import { bagOn } from '#app/services/homepage-objects.server.ts'
import { REPORTED_MSG, reportSource } from '#app/services/reports.server.ts'
import { listSources } from '#app/services/source.server.ts'
import { dialog, family, formIntent } from './family.server.ts'

/** 举报: a signed-in visitor reports one of a category's links to the site's operator. */
export const reportsFamily = family({
  dialogs: {
    // One of the category's links (the one asked for, or picked here) and a reason.
    'report-link': dialog<'report-link'>({
      capability: 'view',
      load: async ({ db, user, resolved, id }) => {
        const bag = await bagOn(db, user, resolved.homepage.id, id('bid'))
        const { list } = await listSources(db, user, { bid: bag.id, page: 1, size: MAX_CHILDREN, sort: 'custom', types: ['link'] })
        const links = list.filter((s) => s.url).map(({ id, name, host }) => ({ id, name, host }))
        const asked = id('id')
        return { dialog: 'report-link', bid: bag.id, bagName: bag.name, links, sourceId: links.some((l) => l.id === asked) ? asked! : null }
      },
    }),
  },
  intents: {
    'report-link': formIntent({
      schema: ReportSchema,
      dialog: 'report-link',
      run: (value, { db, user, clientIp }) => reportSource(db, user, value, clientIp).then(() => REPORTED_MSG),
    }),
  },
})
