import { data, Link } from 'react-router'
import { readFormDataCapped } from '#app/uploads/form-data.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import type { Route } from './+types/tool.alias'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { Icon } from '#app/components/icon.tsx'
import { ToolDirectory } from '#app/components/tools/tool-directory.tsx'
import { ToolForm } from '#app/components/tools/tool-form.tsx'
import { initialValues, TOOL_FORMS } from '#app/tools/forms.ts'
import { TOOL_BOX_HREF, findTool } from '#app/tools/registry.ts'
import { fail } from '#app/tools/result.ts'
import { runTool, type ToolRun } from '#app/tools/run.ts'
import { recordPage } from '#app/services/browser-history.server.ts'

/** A form of the largest text a tool takes (100,000 characters, percent-encoded) and some room. */
const MAX_FORM_BYTES = 2 * 1024 * 1024

function knownTool(alias: string) {
  const tool = findTool(alias)
  if (!tool) throw data(NOT_FOUND_MSG, { status: 404 })
  return { tool, spec: TOOL_FORMS[tool.alias]! }
}

/** `/tool/{alias}` (spec §2): one tool. Unknown aliases are the 404 page. */
export function loader({ params, context, request }: Route.LoaderArgs) {
  const { tool } = knownTool(params.alias)
  recordPage(context, request, `${tool.title} - 工具箱`)
  return { alias: tool.alias }
}

/** The form without JavaScript: the tool runs here and the page shows its answer (400 with the message beside the field when the input is wrong). */
export async function action({ params, request }: Route.ActionArgs) {
  const { tool, spec } = knownTool(params.alias)
  const refuse = (msg: string) => data<ToolRun>({ values: initialValues(spec), result: fail(spec.fields[0]!.name, msg) }, { status: 400 })
  // Counted as it arrives (a chunked body has no Content-Length to trust).
  let form: FormData
  try {
    form = await readFormDataCapped(request, MAX_FORM_BYTES)
  } catch (error) {
    if (error instanceof DomainError) return refuse(error.message)
    throw error
  }
  const run = (await runTool(tool.alias, Object.fromEntries(form)))!
  return data(run, { status: run.result.ok ? 200 : 400 })
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tool = findTool(loaderData?.alias)
  return [{ title: tool ? `${tool.title} - 工具箱 - 起页` : '工具箱 - 起页' }, ...(tool ? [{ name: 'description', content: tool.summary }] : [])]
}

export default function ToolPage({ loaderData, actionData }: Route.ComponentProps) {
  const tool = findTool(loaderData.alias)!
  return (
    <main id="main" className="page toolbox-page">
      <nav aria-label="位置" className="toolbox-breadcrumb">
        <ol>
          <li>
            <Link to={TOOL_BOX_HREF}>工具箱</Link>
          </li>
          <li aria-current="page">{tool.title}</li>
        </ol>
      </nav>
      <div className="toolbox-layout">
        <article className="toolbox-main" aria-labelledby="toolbox-title">
          <h1 id="toolbox-title" className="toolbox-title">
            <Icon name={tool.icon} /> {tool.title}
          </h1>
          <p className="muted">{tool.summary}</p>
          {/* Keyed by tool: moving to another tool starts a fresh form. */}
          <ToolForm key={tool.alias} alias={tool.alias} spec={TOOL_FORMS[tool.alias]!} last={actionData ?? null} />
        </article>
        <nav className="toolbox-aside" aria-label="全部工具">
          <ToolDirectory heading="h2" compact current={tool.alias} />
        </nav>
      </div>
    </main>
  )
}
