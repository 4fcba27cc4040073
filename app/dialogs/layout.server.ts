import { GUEST_CONFIG_FIELDS, GuestConfigPatchSchema } from '#app/schemas/guest-config.ts'
import { idOf } from '#app/schemas/id-values.ts'
import { ALL_LAYOUT_FIELDS, LAYOUT_VALUE_MSG, RELEASED_FIELD, layoutFormValues, layoutPatchSchema, PageWidthSchema } from '#app/schemas/layout.ts'
import { z } from '#app/schemas/zod.ts'
import { clearLayout, updateLayout } from '#app/services/homepage-settings.server.ts'
import { homepageLayout } from '#app/services/homepage.server.ts'
import { NOT_FOUND } from '#app/services/access.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { guestConfigCookie, pageWidthCookie, readGuestConfig, readPageWidth, setPreference } from '#app/utils/preference-cookies.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { DONE_MSG, family, type FormEdge, guestDialog, type Intent } from './family.server.ts'
import type { User } from '#app/db/schema/index.ts'

/** Spec §8: what the layout drawer says when it has saved. */
export const ALL_SAVED_MSG = '所有设置已保存成功~'

const OwnerPatchSchema = layoutPatchSchema(ALL_LAYOUT_FIELDS)

/** The device's page width of a drawer form (optional: a form may leave it out), or a refusal. */
function pageWidthOf(formData: FormData) {
  const raw = formData.get('pageWidthType')
  if (raw === null) return { ok: true as const, value: null }
  const parsed = PageWidthSchema.safeParse({ pageWidthType: raw })
  return parsed.success ? { ok: true as const, value: parsed.data.pageWidthType } : { ok: false as const }
}

/** A patch, or the message of its first failed rule. */
function parsePatch<S extends z.ZodType>(schema: S, values: Record<string, unknown>) {
  const parsed = schema.safeParse(values)
  return parsed.success ? { ok: true as const, value: parsed.data as z.output<S> } : { ok: false as const, msg: firstIssue(parsed.error) }
}

/**
 * The layout settings drawer (spec §2, 420px; §3 Layout config and Homepage settings): the owner's settings are saved on the homepage, a guest's in the `qy_guest`
 * cookie, and the page width of this device in its own cookie for everyone. Everything is
 * checked before anything is saved, so a refused form changes nothing.
 */
export const layoutFamily = family({
  dialogs: {
    layout: guestDialog<'layout'>({
      capability: 'layout-settings',
      load: async ({ user, resolved, request }) => {
        const owner = user !== null
        const values = { ...homepageLayout(resolved.homepage), ...(owner ? {} : await readGuestConfig(request)) }
        return {
          dialog: 'layout',
          homepageId: resolved.homepage.id,
          owner,
          values: Object.fromEntries(ALL_LAYOUT_FIELDS.map((f) => [f, values[f] as string | number | boolean])),
          pageWidthType: await readPageWidth(request),
        }
      },
    }),
  },
  intents: {
    'save-layout': {
      dialog: 'layout',
      guests: true,
      async handle(edge) {
        const { db, user, request, formData, back, failed, page } = edge
        if (!user) return saveGuestLayout(edge)
        const here = `${page.pathname}${page.search}`
        const patch = parsePatch(OwnerPatchSchema, layoutFormValues(formData, ALL_LAYOUT_FIELDS))
        const width = pageWidthOf(formData)
        if (!patch.ok) return failed(new DomainError(patch.msg), here)
        if (!width.ok) return failed(new DomainError(LAYOUT_VALUE_MSG), here)
        try {
          const homepageId = idOf(formData.get('homepageId'))
          if (homepageId === undefined) throw new DomainError(NOT_FOUND)
          await updateLayout(db, user, homepageId, patch.value)
        } catch (error) {
          return failed(error, here)
        }
        const headers = width.value ? { 'Set-Cookie': await setPreference(pageWidthCookie, width.value, request) } : undefined
        return redirectWithToast(savedTo(formData, here, back), { type: 'success', msg: ALL_SAVED_MSG }, headers)
      },
    } satisfies Intent,
    'clear-layout': {
      dialog: 'layout',
      guests: true,
      async handle({ db, user, request, formData, back, failed }) {
        if (!user) {
          // The theme colour is the theme's setting and stays; the page width is the device's own.
          const { themeColorId } = await readGuestConfig(request)
          const config = themeColorId === undefined ? {} : { themeColorId }
          return redirectWithToast(back, { type: 'success', msg: DONE_MSG }, { 'Set-Cookie': await setPreference(guestConfigCookie, config, request) })
        }
        try {
          const homepageId = idOf(formData.get('homepageId'))
          if (homepageId === undefined) throw new DomainError(NOT_FOUND)
          await clearLayout(db, user, homepageId)
        } catch (error) {
          return failed(error, back)
        }
        return redirectWithToast(back, { type: 'success', msg: DONE_MSG })
      },
    } satisfies Intent,
  },
})

/** A guest's drawer: their fields in the `qy_guest` cookie (a refusal saves nothing). */
async function saveGuestLayout({ request, formData, back, page }: FormEdge<User | null>) {
  const here = `${page.pathname}${page.search}`
  const patch = parsePatch(GuestConfigPatchSchema, layoutFormValues(formData, GUEST_CONFIG_FIELDS))
  const width = pageWidthOf(formData)
  if (!patch.ok || !width.ok) return redirectWithToast(here, { type: 'error', msg: patch.ok ? LAYOUT_VALUE_MSG : patch.msg })
  const headers = new Headers()
  headers.append('Set-Cookie', await setPreference(guestConfigCookie, { ...(await readGuestConfig(request)), ...patch.value }, request))
  if (width.value) headers.append('Set-Cookie', await setPreference(pageWidthCookie, width.value, request))
  return redirectWithToast(savedTo(formData, here, back), { type: 'success', msg: ALL_SAVED_MSG }, headers)
}

/** Saved: the drawer closes, unless a slider was let go (the drawer stays open while sliding). */
const savedTo = (formData: FormData, here: string, back: string) => (formData.has(RELEASED_FIELD) ? here : back)
