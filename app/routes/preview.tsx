import { signedInUser } from '#app/auth/signed-in.server.ts'
import { refusedForm } from '#app/utils/page-form.server.ts'
import { signInHref, pathOf } from '#app/components/auth/dialog-url.ts'
import { randomUUID } from 'node:crypto'
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/preview'
import { appContext } from '#app/context.ts'
import type { ImportReport } from '#app/db/schema/index.ts'
import { idOf } from '#app/schemas/ids.ts'
import { placeOf, placeValue, previewHref } from '#app/schemas/import.ts'
import {
  importFolderLinks,
  importPicked,
  importTree,
  IMPORTED_MSG,
  ownRun,
  type PreviewFolder,
  runsOfImport,
  undoImportRun,
  undoneMessage,
  UPLOADED_MSG,
} from '#app/services/imports.server.ts'
import { collectTargets } from '#app/services/category-share.server.ts'
import { UNNAMED_FOLDER } from '#app/services/import-plan.ts'
import { receiveBookmarkFile } from '#app/uploads/bookmark-file.server.ts'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { safeRedirect, viewerTimeZone } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/preview?id={fileId}` (spec §2): an uploaded bookmark file as a tree with counts, checkboxes for
 * folders and links, duplicates marked, and one form that imports the picked part (all of it works
 * without JavaScript). `folder` opens one folder's links; `run` shows an import's report with 撤销.
 * Its action also takes the import dialog's upload and comes back to the dialog's page.
 */



export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = signedInUser(context, url)
  const timeFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: viewerTimeZone(request), dateStyle: 'medium', timeStyle: 'short' })
  const { db } = context.get(appContext)
  const id = idOf(url.searchParams.get('id'))
  const notFound = () => new Response('Not Found', { status: 404 })
  if (!id) throw notFound()
  try {
    const { file, folders, root } = await importTree(db, user, id)
    const folderParam = url.searchParams.get('folder')
    // No `folder`: the top-level links, or (a file without any) the first folder with links.
    const openFolder = url.searchParams.has('folder') ? (idOf(folderParam) ?? null) : root.count || root.skipped ? null : (folders.find((f) => f.count > 0)?.id ?? null)
    const links = await importFolderLinks(db, user, id, openFolder).catch((error) => {
      if (error instanceof DomainError) return importFolderLinks(db, user, id, null)
      throw error
    })
    const runId = idOf(url.searchParams.get('run'))
    // Another user's run (or none) shows no report, like a missing one.
    const run = runId ? await ownRun(db, user, runId).catch((error) => (error instanceof DomainError ? null : Promise.reject(error))) : null
    // Where to: the user's own homepages, modules and categories (the same list collecting offers).
    const targets = await collectTargets(db, user)
    const runs = await runsOfImport(db, user, id)
    return {
      headerTitle: '导入书签',
      file: { id: file.id, title: file.title, folderCount: file.folderCount, linkCount: file.linkCount, createdAt: timeFormat.format(file.createdAt) },
      folders,
      root,
      openFolder: folders.some((f) => f.id === openFolder) ? openFolder : null,
      links,
      targets,
      run: run ? { id: run.id, report: run.report, undone: Boolean(run.undoneAt), homepageHref: run.homepageHref } : null,
      runs: runs.map((r) => ({ id: r.id, links: r.report.links, undone: Boolean(r.undoneAt), createdAt: timeFormat.format(r.createdAt) })),
      key: randomUUID(),
    }
  } catch (error) {
    if (error instanceof DomainError) throw notFound()
    throw error
  }
}

const ids = (form: FormData, name: string) => form.getAll(name).flatMap((v) => idOf(v) ?? [])

/** The import form posts urlencoded fields; 200 folders and a page of links fit well in 256 KB. */
const FORM_MAX_BYTES = 256 * 1024

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const fileId = idOf(url.searchParams.get('id'))
  const here = fileId ? previewHref(fileId) : '/'
  const type = request.headers.get('Content-Type') ?? ''

  // The import dialog's upload (multipart): back to the dialog's page, on its success step.
  if (type.startsWith('multipart/form-data')) {
    const from = safeRedirect(url.searchParams.get('from'), request)
    const dialogPage = (params: Record<string, string>) => {
      const page = new URL(from, 'http://localhost')
      for (const [k, v] of Object.entries(params)) page.searchParams.set(k, v)
      return `${page.pathname}${page.search}`
    }
    try {
      const { fileId: uploaded } = await receiveBookmarkFile(db, user, request)
      return redirectWithToast(dialogPage({ dialog: 'import', file: String(uploaded) }), { type: 'success', msg: UPLOADED_MSG })
    } catch (error) {
      if (error instanceof UnreadableBodyError) throw refusedForm(error)
      if (error instanceof DomainError) return redirectWithToast(dialogPage({ dialog: 'import' }), { type: 'error', msg: error.message })
      throw error
    }
  }

  try {
    const form = await readFormDataCapped(request, FORM_MAX_BYTES)
    const intent = String(form.get('intent') ?? '')
    if (intent === 'import' && fileId) {
      const result = await importPicked(db, user, {
        importId: fileId,
        folderIds: ids(form, 'folder'),
        linkIds: ids(form, 'link'),
        ...placeOf(form.get('target')),
        skipDuplicates: form.get('skipDuplicates') === 'on',
        key: String(form.get('key') ?? ''),
      })
      if (result.runId === null) return redirect(here)
      return redirectWithToast(previewHref(fileId, { run: result.runId }), { type: 'success', msg: IMPORTED_MSG })
    }
    if (intent === 'undo' && fileId) {
      const undone = await undoImportRun(db, user, idOf(form.get('run')) ?? 0)
      return redirectWithToast(here, { type: 'success', msg: undoneMessage(undone) })
    }
    return redirectWithToast(here, { type: 'error', msg: '操作失败' })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(pathOf(url)))
    if (error instanceof UnreadableBodyError) throw refusedForm(error)
    if (error instanceof DomainError) return redirectWithToast(`${url.pathname}${url.search}`, { type: 'error', msg: error.message })
    throw error
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.file.title ?? '导入书签'} - 导入预览 - 起页` }]

type PreviewData = Route.ComponentProps['loaderData']

function ReportView({ report }: { report: ImportReport }) {
  const { skipped } = report
  const made = [
    report.modules ? `${report.modules} 个模块` : '',
    report.categories ? `${report.categories} 个分类` : '',
    report.folders ? `${report.folders} 个文件夹` : '',
    `${report.links} 个书签`,
  ].filter(Boolean)
  const notes = [
    skipped.scheme ? `跳过 ${skipped.scheme} 个不是网页地址的链接（如 javascript:、place:、file:）` : '',
    skipped.invalid ? `跳过 ${skipped.invalid} 个无效地址` : '',
    skipped.duplicate ? `跳过 ${skipped.duplicate} 个已有的书签` : '',
    report.empty ? `${report.empty} 个空文件夹未导入` : '',
    report.trimmed ? `${report.trimmed} 个名称或备注过长，已截断` : '',
    report.flattened ? `${report.flattened} 个更深的文件夹已并入上一级` : '',
    report.continued ? `书签超过100个的列表已续到 ${report.continued} 个“继续”分类或文件夹` : '',
  ].filter(Boolean)
  return (
    <>
      <p>{`已导入：${made.join('、')}。`}</p>
      {notes.length ? (
        <ul className="import-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function FolderTree({ data }: { data: PreviewData }) {
  const children = new Map<number | null, PreviewFolder[]>()
  for (const f of data.folders) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f])
  const render = (parentId: number | null) => {
    const list = children.get(parentId)
    if (!list?.length) return null
    return (
      <ul className="import-tree">
        {list.map((f) => {
          const name = f.name || UNNAMED_FOLDER
          return (
            <li key={f.id}>
              <span className="import-folder">
                <label>
                  <input type="checkbox" name="folder" value={f.id} form="import-form" />
                  <span className="import-folder-name">{name}</span>
                </label>
                <span className="muted">
                  {/* All three count the folder with everything below it (its checkbox imports all of that). */}
                  {f.total || f.totalSkipped ? `${f.total} 个书签` : '空文件夹，不会导入'}
                  {f.totalDuplicates ? `，${f.totalDuplicates} 个已有` : ''}
                  {f.totalSkipped ? `，${f.totalSkipped} 个将跳过` : ''}
                </span>
                {f.count || f.skipped ? (
                  <Link to={previewHref(data.file.id, { folder: f.id })} aria-current={data.openFolder === f.id ? 'true' : undefined} aria-label={`查看书签：${name}`}>
                    查看书签
                  </Link>
                ) : null}
              </span>
              {render(f.id)}
            </li>
          )
        })}
      </ul>
    )
  }
  return render(null)
}

function LinkList({ data }: { data: PreviewData }) {
  const open = data.folders.find((f) => f.id === data.openFolder)
  const title = open ? `“${open.name || UNNAMED_FOLDER}”里的书签` : '不在文件夹里的书签'
  return (
    <section className="import-links" aria-labelledby="import-links-title">
      <h2 id="import-links-title">{title}</h2>
      {data.links.length ? (
        <ul>
          {data.links.map((l) => (
            <li key={l.id} className={l.skip ? 'muted' : undefined}>
              <label>
                <input type="checkbox" name="link" value={l.id} form="import-form" disabled={Boolean(l.skip)} />
                <span className="import-link-name">{l.name || l.url || l.rawUrl}</span>
              </label>
              <span className="import-link-url muted">{(l.url || l.rawUrl).slice(0, 120)}</span>
              {l.skip ? <span className="tag">{l.skip === 'scheme' ? '不是网页地址，将跳过' : '地址无效，将跳过'}</span> : null}
              {l.duplicate ? <span className="tag">已有</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">这里没有书签</p>
      )}
    </section>
  )
}

function TargetSelect({ data }: { data: PreviewData }) {
  const first = data.targets[0]?.modules[0]
  return (
    <label className="field">
      <span>导入到</span>
      <select name="target" defaultValue={first ? placeValue('module', first.moduleId) : undefined} required>
        {data.targets.map((h) => (
          <optgroup key={h.homepageId} label={`主页：${h.name}`}>
            <option value={placeValue('homepage', h.homepageId)}>{`${h.name}：每个文件夹作为新模块`}</option>
            {h.modules.map((m) => [
              <option key={`m${m.moduleId}`} value={placeValue('module', m.moduleId)}>{`${m.name}：每个文件夹作为新分类`}</option>,
              ...m.categories.map((c) => (
                <option key={`c${c.bid}`} value={placeValue('bag', c.bid)}>{`${m.name} › ${'　'.repeat(c.depth)}${c.name}：导入到这个分类`}</option>
              )),
            ])}
          </optgroup>
        ))}
      </select>
    </label>
  )
}

export default function Preview({ loaderData: data }: Route.ComponentProps) {
  return (
    <main id="main" className="import-preview">
      <header className="import-head">
        <h1>{`导入预览：${data.file.title}`}</h1>
        <p className="muted">{`${data.file.folderCount} 个文件夹，${data.file.linkCount} 个书签，上传于 ${data.file.createdAt}`}</p>
      </header>
      {data.run ? (
        <section className="import-report" aria-labelledby="import-report-title" role="status">
          <h2 id="import-report-title">{data.run.undone ? '这次导入已撤销' : '导入完成'}</h2>
          <ReportView report={data.run.report} />
          <p className="import-report-actions">
            <Link className="button button-primary" to={data.run.homepageHref}>
              查看主页
            </Link>
            {data.run.undone ? null : (
              <Form method="post" replace>
                <input type="hidden" name="run" value={data.run.id} />
                <button type="submit" name="intent" value="undo" className="button">
                  撤销这次导入
                </button>
              </Form>
            )}
          </p>
        </section>
      ) : null}
      {/* Keyed by the import shown: after an import the checkboxes start empty again (opening another folder keeps them). */}
      <Form key={`form-${data.run?.id ?? 0}`} method="post" id="import-form" className="import-form" replace>
        <input type="hidden" name="key" value={data.key} />
        <p className="muted">勾选要导入的文件夹（连同其中的全部书签）或单个书签，再选择导入位置。</p>
        <TargetSelect data={data} />
        <label className="check">
          <input type="checkbox" name="skipDuplicates" /> 跳过已有的书签
        </label>
        <button type="submit" name="intent" value="import" className="button button-primary">
          导入所选
        </button>
      </Form>
      <div key={`columns-${data.run?.id ?? 0}`} className="import-columns">
        <section aria-labelledby="import-folders-title">
          <h2 id="import-folders-title">文件夹</h2>
          {data.root.count || data.root.skipped ? (
            <p>
              <Link to={previewHref(data.file.id, { folder: '' })} aria-current={data.openFolder === null ? 'true' : undefined}>
                {`不在文件夹里的书签（${data.root.count}）`}
              </Link>
            </p>
          ) : null}
          {data.folders.length ? <FolderTree data={data} /> : <p className="muted">这个文件没有文件夹</p>}
        </section>
        <LinkList data={data} />
      </div>
      {data.runs.length ? (
        <section aria-labelledby="import-runs-title">
          <h2 id="import-runs-title">从这个文件导入过</h2>
          <ul className="import-runs">
            {data.runs.map((r) => (
              <li key={r.id}>
                <Link to={previewHref(data.file.id, { run: r.id })}>{`${r.createdAt}：${r.links} 个书签${r.undone ? '（已撤销）' : ''}`}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  )
}
