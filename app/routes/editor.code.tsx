import '#app/components/notes/notes.css'
import { useLocation } from 'react-router'
import type { Route } from './+types/editor.code'
import { WritingForm } from '#app/components/notes/writing-form.tsx'
import { detailHref } from '#app/components/notes/writing-href.ts'
import { loadWritingForm, saveWritingForm } from './writing-page.server.ts'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.headerTitle ?? '代码片段'} - 起页` }]

/** `/editor/code?cid=&parentId=` (a new code snippet in a category) and `?id=` (a snippet edited): spec §2. */
export const loader = (args: Route.LoaderArgs) => loadWritingForm(args, 'code')
export const action = (args: Route.ActionArgs) => saveWritingForm(args, 'code')

export default function EditorCode({ loaderData, actionData }: Route.ComponentProps) {
  const { writing, place } = loaderData
  const { key } = useLocation()
  return (
    <main id="main" className="page writing-page">
      <h1>{writing ? '编辑代码片段' : '新建代码片段'}</h1>
      <WritingForm key={`${writing?.version ?? 0}:${key}`} kind="code" writing={writing} place={place} answer={actionData ?? null} cancelHref={writing ? detailHref(writing.id) : '/'} />
    </main>
  )
}
