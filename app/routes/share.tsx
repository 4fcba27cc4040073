import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/share'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { signedInUser } from '#app/auth/signed-in.server.ts'
import { CategoryOptions } from '#app/components/category-options.tsx'
import { appContext } from '#app/context.ts'
import { hostNameOf, LinkSchema, LinkUrl } from '#app/schemas/content.ts'
import { categoryChoices } from '#app/services/category-share.server.ts'
import { rememberedSelection, rememberSelection } from '#app/services/preferences.server.ts'
import { saveLink } from '#app/services/source.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/share?url=&title=` (issue 25, save from anywhere): where the bookmarklet of /plugin and a
 * phone's share sheet (the web manifest's share_target) send the page being read. A small page
 * that works without JavaScript: the category (the one used last first), the name and a note,
 * then 保存. A guest signs in and comes back to the same address.
 */

export const SHARE_SAVED_MSG = '已保存到起页'

/** What was shared: the address (`url`, or the first web address in `text`, as share sheets send it) and its name. */
export function sharedPage(params: URLSearchParams) {
  const text = (params.get('text') ?? '').slice(0, 4000)
  const raw = params.get('url') || /https?:\/\/\S+/.exec(text)?.[0] || ''
  const url = LinkUrl.safeParse(raw)
  const title = (params.get('title') || text.replace(raw, '')).trim()
  const href = url.success ? url.data : raw
  return { url: href.slice(0, 2048), name: Array.from(title || (url.success ? hostNameOf(url.data) : '')).slice(0, 100).join('') }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const targets = await categoryChoices(db, user)
  const remembered = await rememberedSelection(db, user)
  const bids = targets.flatMap((t) => t.options.map((o) => o.bid))
  const bid = remembered && bids.includes(remembered.bid) ? remembered.bid : (bids[0] ?? null)
  return { headerTitle: '保存到起页', page: sharedPage(url.searchParams), saved: url.searchParams.get('saved') === '1', targets, bid }
}

type Errors = Partial<Record<'name' | 'url' | 'note' | 'bid' | 'form', string>>

/** 保存: the link into the chosen category (its 100-children limit holds), remembered as the one used last; back to this page, saved. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const form = await readPageForm(request)
  const values = { name: String(form.get('name') ?? ''), url: String(form.get('url') ?? ''), note: String(form.get('note') ?? ''), bid: String(form.get('bid') ?? '') }
  const parsed = LinkSchema.safeParse(values)
  if (!parsed.success) {
    const errors: Errors = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form') as keyof Errors
      errors[field in values ? field : 'form'] ??= issue.message
    }
    return data({ errors, values }, { status: 400 })
  }
  try {
    await saveLink(db, user, parsed.data)
    await rememberSelection(db, user, parsed.data.bid)
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(pathOf(url)))
    if (!(error instanceof DomainError)) throw error
    return data({ errors: { form: error.message } satisfies Errors, values }, { status: 400 })
  }
  const back = new URLSearchParams({ url: parsed.data.url, title: parsed.data.name, saved: '1' })
  return redirectWithToast(`/share?${back}`, { type: 'success', msg: SHARE_SAVED_MSG })
}

export const meta: Route.MetaFunction = () => [{ title: '保存到起页 - 起页' }]

export default function Share({ loaderData, actionData }: Route.ComponentProps) {
  const { page, saved, targets, bid } = loaderData
  const errors: Errors = actionData?.errors ?? {}
  const values = actionData?.values ?? { ...page, note: '', bid: bid ? String(bid) : '' }
  return (
    <main id="main" className="page page-narrow share-page">
      <h1>保存到起页</h1>
      {saved ? (
        <section className="share-saved" aria-labelledby="share-saved-title">
          <h2 id="share-saved-title">{`「${page.name}」已保存`}</h2>
          <p className="share-links">
            {page.url ? (
              <a href={page.url} rel="noopener noreferrer nofollow">
                返回刚才的网页
              </a>
            ) : null}
            <Link to="/">打开我的主页</Link>
          </p>
        </section>
      ) : targets.length === 0 ? (
        <p>
          你还没有分类。先在<Link to="/">主页</Link>上添加一个分类，再回来保存。
        </p>
      ) : (
        <Form method="post" className="share-form" noValidate>
          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <Field id="share-name" label="网站名称" error={errors.name}>
            <input id="share-name" name="name" maxLength={100} defaultValue={values.name} required aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? 'share-name-error' : undefined} />
          </Field>
          <Field id="share-url" label="网址" error={errors.url}>
            <input id="share-url" name="url" inputMode="url" defaultValue={values.url} required aria-invalid={Boolean(errors.url)} aria-describedby={errors.url ? 'share-url-error' : undefined} />
          </Field>
          <Field id="share-note" label="备注" error={errors.note}>
            <input id="share-note" name="note" maxLength={100} defaultValue={values.note} aria-invalid={Boolean(errors.note)} aria-describedby={errors.note ? 'share-note-error' : undefined} />
          </Field>
          <Field id="share-bid" label="保存到分类" error={errors.bid}>
            <select id="share-bid" name="bid" defaultValue={values.bid} aria-invalid={Boolean(errors.bid)} aria-describedby={errors.bid ? 'share-bid-error' : undefined}>
              <CategoryOptions choices={targets} />
            </select>
          </Field>
          <button type="submit" className="button button-primary">
            保存
          </button>
        </Form>
      )}
    </main>
  )
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
