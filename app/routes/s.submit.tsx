import { useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/s.submit'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { DISCOVER_HREF, SUBMIT_HREF } from '#app/components/discover/discover-href.ts'
import { SiteCard } from '#app/components/discover/site-card.tsx'
import { IconPicker, IconSearchForm } from '#app/components/icon-picker.tsx'
import { FETCH_ICON_INTENT, ICON_REMOTE_FIELD } from '#app/components/image-icon-tools.tsx'
import { signedInUser } from '#app/auth/signed-in.server.ts'
import { appContext } from '#app/context.ts'
import { storeIconFile } from '#app/dialogs/registry.server.ts'
import { loadIconPicker } from '#app/icons/picker.server.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import { hostNameOf, LinkUrl } from '#app/schemas/content.ts'
import { MAX_TAG_CHARS, MAX_TAGS, RecommendSchema } from '#app/schemas/discover.ts'
import { RemoteIconQuerySchema, WebContentQuerySchema } from '#app/schemas/web-content.ts'
import { listDiscoverCategories, mySites, recommendSite } from '#app/services/discover.server.ts'
import { rememberIcon } from '#app/services/icons.server.ts'
import { remoteIcon, siteNameAndIcon } from '#app/services/web-content.server.ts'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { refusedForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { firstIssue } from '#app/utils/zod.ts'
import '#app/components/discover/discover.css'

/**
 * `/s/submit` (spec §2, discover submit; issue 25): recommend a site — its address (抓取 fills
 * the name and icon from the site, through the safe fetcher), name, icon (fetched, uploaded or
 * from the library), tags, summary and category. With JavaScript the address is checked as it is
 * left (check-repeat: 该网站已被推荐过 before submit); the server refuses a duplicate at submit
 * too. Below: the user's own recommendations and their state. Guests sign in first.
 */

export const FETCH_SITE_INTENT = 'fetch-site'
const FORM_MAX_BYTES = 600 * 1024
const UPLOAD_TOO_BIG_MSG = '文件大小不能超过500KB'
const FIELDS = ['url', 'name', 'icon', 'tags', 'summary', 'cid'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>
type Errors = Partial<Record<Field | 'form', string>>
const EMPTY: Values = { url: '', name: '', icon: '', tags: '', summary: '', cid: '' }

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const [categories, mine] = await Promise.all([listDiscoverCategories(db), mySites(db, user, { page: 1, size: 50 })])
  const icon = url.searchParams.get('icon') ?? ''
  return {
    headerTitle: '推荐网站',
    categories,
    mine: mine.list,
    iconPicker: await loadIconPicker(db, user, { ...readIconPickerParams(url), value: icon }),
  }
}

function valuesOf(form: FormData): Values {
  const values = { ...EMPTY }
  for (const field of FIELDS) {
    const value = form.get(field)
    if (typeof value === 'string') values[field] = value.slice(0, 4000)
  }
  return values
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  let form: FormData
  try {
    form = await readFormDataCapped(request, FORM_MAX_BYTES, UPLOAD_TOO_BIG_MSG)
  } catch (error) {
    if (error instanceof UnreadableBodyError || !(error instanceof DomainError)) throw refusedForm(error)
    return redirectWithToast(pathOf(url), { type: 'error', msg: error.message })
  }
  const intent = form.getAll('intent').at(-1)
  const values = valuesOf(form)
  const again = (errors: Errors, status = 400, filled: Partial<Values> = {}) => data({ values: { ...values, ...filled }, errors }, { status })
  if (intent === FETCH_SITE_INTENT) {
    // 抓取: the site's name (as the name, when none is typed) and icon, stored on our side.
    const site = WebContentQuerySchema.shape.site_url.safeParse(values.url)
    if (!site.success) return again({ url: firstIssue(site.error) })
    try {
      const { title, icon } = await siteNameAndIcon(db, user, site.data)
      return again({}, 200, { url: site.data, name: values.name.trim() || title || hostNameOf(site.data), ...(icon ? { icon } : {}) })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return again({ url: error.message }, 400, { url: site.data, name: values.name.trim() || hostNameOf(site.data) })
    }
  }
  if (intent === FETCH_ICON_INTENT) {
    const remote = RemoteIconQuerySchema.shape.url.safeParse(form.get(ICON_REMOTE_FIELD))
    try {
      if (!remote.success) throw new DomainError(firstIssue(remote.error))
      return again({}, 200, { icon: await remoteIcon(db, user, remote.data) })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return again({ icon: error.message })
    }
  }
  const refused = await storeIconFile(db, user, form)
  if (refused) return again({ icon: refused })
  const parsed = RecommendSchema.safeParse({ ...valuesOf(form), crawler_icon: '' })
  if (!parsed.success) {
    const errors: Errors = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      const key = (FIELDS as readonly string[]).includes(field) ? (field as Field) : field === 'crawler_icon' ? 'icon' : 'form'
      errors[key] ??= issue.message
    }
    return again(errors)
  }
  try {
    const { msg } = await recommendSite(db, user, parsed.data)
    if (parsed.data.icon) await rememberIcon(db, user, parsed.data.icon)
    return redirectWithToast(SUBMIT_HREF, { type: 'success', msg })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(pathOf(url)))
    if (!(error instanceof DomainError)) throw error
    const field = error.field && (FIELDS as readonly string[]).includes(error.field) ? (error.field as Field) : 'form'
    return again({ [field]: error.message })
  }
}

export const meta: Route.MetaFunction = () => [{ title: '推荐网站 - 发现 - 起页' }]

/** The answer of GET /api/cool/check-repeat. */
type RepeatReply = { code?: number; msg?: string; data?: { repeat?: boolean } | null }

export default function Submit({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, mine, iconPicker } = loaderData
  const values = actionData?.values ?? EMPTY
  const errors: Errors = actionData?.errors ?? {}
  const busy = useNavigation().state === 'submitting'
  // With JavaScript: the address is checked as it is left, and as typing pauses (check-repeat).
  const [repeat, setRepeat] = useState<{ url: string; msg: string } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const asked = useRef('')
  const check = (raw: string) => {
    const url = LinkUrl.safeParse(raw)
    if (!url.success) return setRepeat(null)
    if (asked.current === url.data) return
    asked.current = url.data
    fetch(`/api/cool/check-repeat?${new URLSearchParams({ url: url.data })}`, { headers: { Accept: 'application/json' } })
      .then((r) => r.json() as Promise<RepeatReply>)
      .then((reply) => {
        if (asked.current !== url.data) return
        setRepeat(reply.code === 1 && reply.data?.repeat ? { url: url.data, msg: reply.msg ?? '该网站已被推荐过' } : null)
      })
      .catch(() => {})
  }
  const urlError = errors.url ?? repeat?.msg
  const searchFormId = 'discover-form-icon-search'
  return (
    <main id="main" className="page discover-page">
      <header className="discover-head">
        <div>
          <h1>推荐网站</h1>
          <p className="muted">推荐你觉得好用的网站，管理员审核通过后会出现在「发现」里。</p>
        </div>
        <div className="discover-head-actions">
          <Link to={DISCOVER_HREF}>返回发现</Link>
        </div>
      </header>
      <div className="discover-submit">
        <section aria-labelledby="discover-form-title">
          <h2 id="discover-form-title" className="visually-hidden">
            推荐表单
          </h2>
          <Form method="post" encType="multipart/form-data" className="discover-form" noValidate aria-labelledby="discover-form-title" key={JSON.stringify(values)}>
            {/* Enter in a field submits the recommendation, not 抓取 (the first submit button). */}
            <button type="submit" name="intent" value="recommend" hidden tabIndex={-1} aria-hidden="true" />
            {errors.form ? (
              <p className="form-error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="discover-url">网址</label>
              <div className="discover-url-row">
                <input
                  id="discover-url"
                  name="url"
                  inputMode="url"
                  autoComplete="url"
                  defaultValue={values.url}
                  required
                  maxLength={2048}
                  placeholder="https://"
                  aria-invalid={Boolean(urlError)}
                  aria-describedby="discover-url-error"
                  onBlur={(e) => check(e.currentTarget.value)}
                  onChange={(e) => {
                    const value = e.currentTarget.value
                    if (repeat && repeat.url !== value) setRepeat(null)
                    if (timer.current) clearTimeout(timer.current)
                    timer.current = setTimeout(() => check(value), 600)
                  }}
                />
                <button type="submit" name="intent" value={FETCH_SITE_INTENT} className="button" formNoValidate>
                  抓取
                </button>
              </div>
              <p className="field-hint">填写网址后点「抓取」，自动获取网站名称和图标。</p>
              <p id="discover-url-error" className="field-error discover-repeat" aria-live="polite">
                {urlError ?? ''}
              </p>
            </div>
            <div className="field">
              <label htmlFor="discover-name">网站名称</label>
              <input id="discover-name" name="name" defaultValue={values.name} required maxLength={100} aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? 'discover-name-error' : undefined} />
              {errors.name ? <p id="discover-name-error" className="field-error">{errors.name}</p> : null}
            </div>
            <IconPicker name="icon" value={values.icon} {...iconPicker} baseHref={SUBMIT_HREF} searchFormId={searchFormId} errors={errors.icon ? [errors.icon] : undefined} />
            <div className="field">
              <label htmlFor="discover-cid">分类</label>
              <select id="discover-cid" name="cid" defaultValue={values.cid} required aria-invalid={Boolean(errors.cid)} aria-describedby={errors.cid ? 'discover-cid-error' : undefined}>
                <option value="">请选择分类</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {errors.cid ? <p id="discover-cid-error" className="field-error">{errors.cid}</p> : null}
            </div>
            <div className="field">
              <label htmlFor="discover-tags">标签</label>
              <input id="discover-tags" name="tags" defaultValue={values.tags} maxLength={200} placeholder="例如：设计 图标 免费" aria-invalid={Boolean(errors.tags)} aria-describedby={errors.tags ? 'discover-tags-hint discover-tags-error' : 'discover-tags-hint'} />
              <p id="discover-tags-hint" className="field-hint">{`用空格或逗号分隔，最多${MAX_TAGS}个，每个不超过${MAX_TAG_CHARS}个字`}</p>
              {errors.tags ? <p id="discover-tags-error" className="field-error">{errors.tags}</p> : null}
            </div>
            <div className="field">
              <label htmlFor="discover-summary">网站简介</label>
              <textarea id="discover-summary" name="summary" rows={3} defaultValue={values.summary} maxLength={200} placeholder="一两句话介绍这个网站（选填）" aria-invalid={Boolean(errors.summary)} aria-describedby={errors.summary ? 'discover-summary-error' : undefined} />
              {errors.summary ? <p id="discover-summary-error" className="field-error">{errors.summary}</p> : null}
            </div>
            <div className="form-actions">
              <button type="submit" name="intent" value="recommend" className="button button-primary" disabled={busy}>
                提交推荐
              </button>
            </div>
          </Form>
          <IconSearchForm id={searchFormId} baseHref={SUBMIT_HREF} />
        </section>
        <section className="discover-mine" aria-labelledby="discover-mine-title">
          <h2 id="discover-mine-title">我的推荐</h2>
          {mine.length === 0 ? (
            <p className="muted">你还没有推荐过网站。</p>
          ) : (
            <ul>
              {mine.map((site) => (
                <li key={site.id}>
                  <SiteCard site={site} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  )
}
