import { randomUUID } from 'node:crypto'
import { useId } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/welcome'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { Icon } from '#app/components/icon.tsx'
import { appContext, userContext } from '#app/context.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { StartFromTemplatesSchema } from '#app/schemas/template.ts'
import { NOT_FOUND } from '#app/services/access.server.ts'
import { resolveHomepage } from '#app/services/homepage.server.ts'
import { startFromTemplates, TEMPLATE_ADDED_MSG, templateMenu } from '#app/services/module-templates.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { firstIssue } from '#app/utils/zod.ts'

/**
 * `/welcome`: where every new account lands (e-mail sign-up, a first social or WeChat sign-in) to
 * choose how its homepage starts — from built-in templates (one form, one or more ticked), from a
 * browser's bookmark export (the homepage's import dialog), or empty. A plain form; a signed-in
 * user may come back to it, and what it adds then is only more modules (startFromTemplates).
 */

/** Ticked when the page opens: the everyday sites, so that a quick 使用所选模板 never gives an empty page. */
const PRESELECTED = ['常用']
const IMPORT_HREF = '/?dialog=import'

export const meta: Route.MetaFunction = () => [{ title: '开始使用 - 起页' }]

async function ownHomepage(context: Route.LoaderArgs['context']) {
  const user = context.get(userContext)
  if (!user) return null
  const resolved = await resolveHomepage(context.get(appContext).db, user, null)
  return { user, homepage: resolved?.homepage ?? null }
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const own = await ownHomepage(context)
  if (!own) throw redirect(signInHref(pathOf(url)))
  const back = safeRedirect(url.searchParams.get('redirectTo'), request)
  const templates = templateMenu()
  return {
    headerTitle: own.homepage ? homepageLabel(own.homepage.title, own.user.nickname) : '开始使用',
    templates: templates.map(({ id, name, icon, summary, linkAmount, categories }) => ({ id, name, icon, summary, linkAmount, categories: categories.map((c) => c.name) })),
    preselected: templates.filter((t) => PRESELECTED.includes(t.name)).map((t) => t.id),
    key: randomUUID(),
    // Where the sign-up began, when that was not the homepage: offered as the way back.
    back: back === '/' || back.startsWith('/welcome') ? null : back,
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const own = await ownHomepage(context)
  if (!own) throw redirect(signInHref(pathOf(url)))
  const form = await readPageForm(request)
  const ticked = form.getAll('templateId').map(String)
  const fail = (error: string) => data({ error, ticked }, { status: 400 })
  const parsed = StartFromTemplatesSchema.safeParse({ templateIds: ticked, key: form.get('key') })
  if (!parsed.success) return fail(firstIssue(parsed.error))
  if (!own.homepage) return fail(NOT_FOUND)
  try {
    await startFromTemplates(context.get(appContext).db, own.user, { ...parsed.data, homepageId: own.homepage.id })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return fail(error.message)
  }
  // The homepage the templates went to is the one `/` shows its owner.
  return redirectWithToast('/', { type: 'success', msg: TEMPLATE_ADDED_MSG })
}

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  const { templates, key, back } = loaderData
  const busy = useNavigation().state === 'submitting'
  const errorId = useId()
  const ticked = actionData ? actionData.ticked : loaderData.preselected.map(String)
  return (
    <main id="main" className="page welcome-page">
      <h1>欢迎使用起页</h1>
      <p className="muted">你的主页「{loaderData.headerTitle}」已经建好，选一种方式开始：</p>
      <section className="welcome-card" aria-labelledby="welcome-templates">
        <h2 id="welcome-templates">从模板开始</h2>
        <Form method="post">
          <input type="hidden" name="key" value={key} />
          <fieldset className="welcome-fieldset" aria-describedby={actionData ? errorId : undefined}>
            <legend>选择一个或多个模板，它们的网址会加到你的主页上</legend>
            {actionData ? (
              <p id={errorId} className="form-error" role="alert">
                {actionData.error}
              </p>
            ) : null}
            <ul className="welcome-templates">
              {templates.map((t) => (
                <li key={t.id}>
                  <label className="welcome-template">
                    <input type="checkbox" name="templateId" value={t.id} defaultChecked={ticked.includes(String(t.id))} />
                    <Icon name={t.icon} size={24} />
                    <span className="welcome-template-text">
                      <strong>{t.name}</strong>
                      <span className="muted">{t.summary}</span>
                      <span className="welcome-template-bags">
                        {t.categories.join('、')} · {t.linkAmount} 个网址
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? '请稍候…' : '使用所选模板'}
          </button>
        </Form>
      </section>
      <section className="welcome-card" aria-labelledby="welcome-import">
        <h2 id="welcome-import">导入浏览器书签</h2>
        <p className="muted">从 Chrome、Edge、Firefox 或 Safari 导出的书签文件（HTML），先预览再导入。</p>
        <Link className="button" to={IMPORT_HREF}>
          导入书签文件
        </Link>
      </section>
      <section className="welcome-card" aria-labelledby="welcome-empty">
        <h2 id="welcome-empty">从空白开始</h2>
        <p className="muted">主页上先只有一个空分类，以后随时可以添加网址，或在「管理模块」里从模板添加。</p>
        <Link className="button" to="/">
          从空白主页开始
        </Link>
      </section>
      {back ? (
        <p className="welcome-back">
          <Link to={back}>返回注册前的页面</Link>
        </p>
      ) : null}
    </main>
  )
}
